import { Login } from '../../features/auth/components/login';
import { useAppPageMeta } from '../../lib/page-meta';

export default function LoginRoute() {
  useAppPageMeta('Login', 'Log in to BuildLedger to open your projects, task boards and budget.');
  return <Login />;
}
