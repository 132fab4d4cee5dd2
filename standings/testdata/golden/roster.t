Zeta, Zoe               2001 ; 
Young, Yves              999 ; 
Xu, Xiao                   0 ; ; xtid 1
