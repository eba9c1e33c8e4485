/**
 * The JSON Schema draft 2020-12 meta-schema (the dialect MCP uses), as
 * published at json-schema.org: the dialect document and its seven
 * vocabulary documents, with what the validator never reads left out —
 * annotations (`title`, `$comment`, `default`, `deprecated`) and each
 * document's `$schema` — and one change: `$dynamicRef: "#meta"` is written
 * as a `$ref` to the dialect, which is what it resolves to when the dialect
 * itself is the starting point (the validator does not implement dynamic
 * references). `test/meta-schema-documents.test.ts` holds them against the
 * published documents. Data, not code: read by `meta-schema.ts`.
 */
export const DIALECT = "https://json-schema.org/draft/2020-12/schema";

export const META_SCHEMA_DOCUMENTS: readonly object[] = [
  {
    $id: "https://json-schema.org/draft/2020-12/schema",
    allOf: [
      {
        $ref: "meta/core",
      },
      {
        $ref: "meta/applicator",
      },
      {
        $ref: "meta/unevaluated",
      },
      {
        $ref: "meta/validation",
      },
      {
        $ref: "meta/meta-data",
      },
      {
        $ref: "meta/format-annotation",
      },
      {
        $ref: "meta/content",
      },
    ],
    type: ["object", "boolean"],
    properties: {
      definitions: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
      },
      dependencies: {
        type: "object",
        additionalProperties: {
          anyOf: [
            {
              $ref: "https://json-schema.org/draft/2020-12/schema",
            },
            {
              $ref: "meta/validation#/$defs/stringArray",
            },
          ],
        },
      },
      $recursiveAnchor: {
        $ref: "meta/core#/$defs/anchorString",
      },
      $recursiveRef: {
        $ref: "meta/core#/$defs/uriReferenceString",
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/core",
    type: ["object", "boolean"],
    properties: {
      $id: {
        $ref: "#/$defs/uriReferenceString",
        pattern: "^[^#]*#?$",
      },
      $schema: {
        $ref: "#/$defs/uriString",
      },
      $ref: {
        $ref: "#/$defs/uriReferenceString",
      },
      $anchor: {
        $ref: "#/$defs/anchorString",
      },
      $dynamicRef: {
        $ref: "#/$defs/uriReferenceString",
      },
      $dynamicAnchor: {
        $ref: "#/$defs/anchorString",
      },
      $vocabulary: {
        type: "object",
        propertyNames: {
          $ref: "#/$defs/uriString",
        },
        additionalProperties: {
          type: "boolean",
        },
      },
      $comment: {
        type: "string",
      },
      $defs: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
      },
    },
    $defs: {
      anchorString: {
        type: "string",
        pattern: "^[A-Za-z_][-A-Za-z0-9._]*$",
      },
      uriString: {
        type: "string",
        format: "uri",
      },
      uriReferenceString: {
        type: "string",
        format: "uri-reference",
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/applicator",
    type: ["object", "boolean"],
    properties: {
      prefixItems: {
        $ref: "#/$defs/schemaArray",
      },
      items: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      contains: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      additionalProperties: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      properties: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
      },
      patternProperties: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
        propertyNames: {
          format: "regex",
        },
      },
      dependentSchemas: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
      },
      propertyNames: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      if: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      then: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      else: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      allOf: {
        $ref: "#/$defs/schemaArray",
      },
      anyOf: {
        $ref: "#/$defs/schemaArray",
      },
      oneOf: {
        $ref: "#/$defs/schemaArray",
      },
      not: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
    },
    $defs: {
      schemaArray: {
        type: "array",
        minItems: 1,
        items: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/unevaluated",
    type: ["object", "boolean"],
    properties: {
      unevaluatedItems: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
      unevaluatedProperties: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/validation",
    type: ["object", "boolean"],
    properties: {
      type: {
        anyOf: [
          {
            $ref: "#/$defs/simpleTypes",
          },
          {
            type: "array",
            items: {
              $ref: "#/$defs/simpleTypes",
            },
            minItems: 1,
            uniqueItems: true,
          },
        ],
      },
      const: true,
      enum: {
        type: "array",
        items: true,
      },
      multipleOf: {
        type: "number",
        exclusiveMinimum: 0,
      },
      maximum: {
        type: "number",
      },
      exclusiveMaximum: {
        type: "number",
      },
      minimum: {
        type: "number",
      },
      exclusiveMinimum: {
        type: "number",
      },
      maxLength: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      minLength: {
        $ref: "#/$defs/nonNegativeIntegerDefault0",
      },
      pattern: {
        type: "string",
        format: "regex",
      },
      maxItems: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      minItems: {
        $ref: "#/$defs/nonNegativeIntegerDefault0",
      },
      uniqueItems: {
        type: "boolean",
      },
      maxContains: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      minContains: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      maxProperties: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      minProperties: {
        $ref: "#/$defs/nonNegativeIntegerDefault0",
      },
      required: {
        $ref: "#/$defs/stringArray",
      },
      dependentRequired: {
        type: "object",
        additionalProperties: {
          $ref: "#/$defs/stringArray",
        },
      },
    },
    $defs: {
      nonNegativeInteger: {
        type: "integer",
        minimum: 0,
      },
      nonNegativeIntegerDefault0: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      simpleTypes: {
        enum: ["array", "boolean", "integer", "null", "number", "object", "string"],
      },
      stringArray: {
        type: "array",
        items: {
          type: "string",
        },
        uniqueItems: true,
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/meta-data",
    type: ["object", "boolean"],
    properties: {
      title: {
        type: "string",
      },
      description: {
        type: "string",
      },
      default: true,
      deprecated: {
        type: "boolean",
      },
      readOnly: {
        type: "boolean",
      },
      writeOnly: {
        type: "boolean",
      },
      examples: {
        type: "array",
        items: true,
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/format-annotation",
    type: ["object", "boolean"],
    properties: {
      format: {
        type: "string",
      },
    },
  },
  {
    $id: "https://json-schema.org/draft/2020-12/meta/content",
    type: ["object", "boolean"],
    properties: {
      contentEncoding: {
        type: "string",
      },
      contentMediaType: {
        type: "string",
      },
      contentSchema: {
        $ref: "https://json-schema.org/draft/2020-12/schema",
      },
    },
  },
];
