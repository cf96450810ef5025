## guide
