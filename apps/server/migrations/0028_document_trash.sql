-- placeholder: filled in by issue 29 work
SELECT 1;
