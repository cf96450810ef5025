## training
