// Stands in for `ajv` and `ajv-formats` in the Worker bundle (build.mjs
// aliases both here). The MCP SDK's `Server` imports Ajv as its default JSON
// Schema validator; Ajv compiles schemas with `new Function`, which Workers
// forbid. wymcp gives the server the SDK's cfworker validator instead, so
// nothing reaches this — and if some code did, it fails here, by name.
export default function ajvLeftOut(): never {
  throw new Error(
    "Ajv is left out of this Worker bundle (it generates code, which Workers forbid): " +
      "give the MCP SDK Server `jsonSchemaValidator: new CfWorkerJsonSchemaValidator()`.",
  );
}
