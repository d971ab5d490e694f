# The generator recipes of the "Build a client" guide, each run by tests/compat/ exactly as written here
# (tests/compat/compat_support.py `recipe` reads the options of each section). Input: the consumer view,
# spec/generated/consumer/openapi-3.1.consumer.bundled.yaml (downloads page: openapi-3.1.consumer.bundled.yaml).

# --8<-- [start:typescript-fetch]
openapi-generator-cli generate -g typescript-fetch -i openapi-3.1.consumer.bundled.yaml -o talkie-fetch \
  --additional-properties=withoutRuntimeChecks=true
# --8<-- [end:typescript-fetch]

# --8<-- [start:typescript-axios]
openapi-generator-cli generate -g typescript-axios -i openapi-3.1.consumer.bundled.yaml -o talkie-axios
# --8<-- [end:typescript-axios]

# --8<-- [start:kotlin-retrofit2]
openapi-generator-cli generate -g kotlin -i openapi-3.1.consumer.bundled.yaml -o talkie-kotlin \
  --library=jvm-retrofit2 \
  --additional-properties=serializationLibrary=kotlinx_serialization,generateOneOfAnyOfWrappers=true \
  --type-mappings=AnyType=JsonElement,object=JsonElement \
  --import-mappings=JsonElement=kotlinx.serialization.json.JsonElement
# --8<-- [end:kotlin-retrofit2]

# --8<-- [start:oapi-codegen]
go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.9.0 \
  -generate types,client -package talkie -o talkie.gen.go openapi-3.1.consumer.bundled.yaml
# --8<-- [end:oapi-codegen]
