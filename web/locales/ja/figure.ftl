## figure
