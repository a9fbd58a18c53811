import { ChoosePlan } from '../../features/subscription/components/ChoosePlan';

export default ChoosePlan;
