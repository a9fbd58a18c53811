import { AdminSubscriptions } from '../../features/admin/components/AdminSubscriptions';

export default AdminSubscriptions;
