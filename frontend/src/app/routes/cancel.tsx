import { Cancel } from '../../features/subscription/components/Cancel';

export default Cancel;
