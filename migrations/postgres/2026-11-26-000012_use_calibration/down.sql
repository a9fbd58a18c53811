ALTER TABLE projects DROP COLUMN use_calibration;
