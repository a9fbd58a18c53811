DROP TABLE billing_cancellations;
