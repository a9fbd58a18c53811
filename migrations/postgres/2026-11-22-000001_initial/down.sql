DROP TABLE webhook_events;
DROP TABLE checkout_sessions;
DROP TABLE invoices;
DROP TABLE subscriptions;
DROP TABLE documents;
DROP TABLE tasks;
DROP TABLE projects;
DROP TABLE users;
