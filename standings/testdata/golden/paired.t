Zeta, Zoe               2001 2; ; board 1; p12 1
Young, Yves              999 1; ; board 1; p12 2
Xu, Xiao                   0 0; 50; board 0; p12 0
