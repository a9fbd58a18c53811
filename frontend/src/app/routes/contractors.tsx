import { ContractorsPage } from '../../features/bids/components/contractors-page';

export default ContractorsPage;
