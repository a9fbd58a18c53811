import { ProjectsPage } from '../../features/projects/components/ProjectsPage';

export default ProjectsPage;
