import { Success } from '../../features/subscription/components/Success';

export default Success;
