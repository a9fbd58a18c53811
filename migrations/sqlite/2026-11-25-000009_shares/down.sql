DROP TABLE project_shares;
