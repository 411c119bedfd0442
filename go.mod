module github.com/xqrules/xqrules

go 1.26

require (
	github.com/expr-lang/expr v1.17.8
	github.com/goccy/go-yaml v1.19.2
	github.com/stretchr/testify v1.12.1
	golang.org/x/text v0.31.0
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
