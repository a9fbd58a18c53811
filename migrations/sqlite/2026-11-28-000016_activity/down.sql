DROP TABLE activity_entries;
