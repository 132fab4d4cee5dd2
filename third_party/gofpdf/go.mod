module github.com/jung-kurt/gofpdf

go 1.12

require (
	github.com/boombuler/barcode v1.0.0
	github.com/phpdave11/gofpdi v1.0.7
	github.com/ruudk/golang-pdf417 v0.0.0-20181029194003-1af4ab5afa58
	golang.org/x/image v0.0.0-20190910094157-69e4b8554b2a
)

replace gofpdf => ./
