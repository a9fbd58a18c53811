import { Login } from '../../features/auth/components/Login';

export default Login;
