import { BoardPage } from '../../features/board/components/board-page';

export default BoardPage;
