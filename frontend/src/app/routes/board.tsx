import { BoardPage } from '../../features/board/components/BoardPage';

export default BoardPage;
