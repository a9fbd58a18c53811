import { Signup } from '../../features/auth/components/Signup';

export default Signup;
