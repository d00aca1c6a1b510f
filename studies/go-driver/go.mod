module dbbench/studies/go-driver

go 1.25.0

require (
	github.com/arangodb/go-driver v1.6.9
	github.com/arangodb/go-driver/v2 v2.4.1
)
