/**
 * The JSON Schema draft 2020-12 meta-schema as published at json-schema.org
 * (the dialect document and its seven vocabulary documents; each document's
 * `$vocabulary` and `$dynamicAnchor` left out, and `$dynamicRef: "#meta"`
 * written as a `$ref` to the dialect, which the validator resolves the same
 * way). The runtime carries them without what the validator never reads;
 * `test/meta-schema-documents.test.ts` holds the two together.
 */
export const PUBLISHED_META_SCHEMA: readonly object[] = [
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/schema",
    title: "Core and Validation specifications meta-schema",
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
        $comment: '"definitions" has been replaced by "$defs".',
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
        deprecated: true,
        default: {},
      },
      dependencies: {
        $comment:
          '"dependencies" has been split and replaced by "dependentSchemas" and "dependentRequired" ' +
          "in order to serve their differing semantics.",
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
        deprecated: true,
        default: {},
      },
      $recursiveAnchor: {
        $comment: '"$recursiveAnchor" has been replaced by "$dynamicAnchor".',
        $ref: "meta/core#/$defs/anchorString",
        deprecated: true,
      },
      $recursiveRef: {
        $comment: '"$recursiveRef" has been replaced by "$dynamicRef".',
        $ref: "meta/core#/$defs/uriReferenceString",
        deprecated: true,
      },
    },
  },
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/core",
    title: "Core vocabulary meta-schema",
    type: ["object", "boolean"],
    properties: {
      $id: {
        $ref: "#/$defs/uriReferenceString",
        $comment: "Non-empty fragments not allowed.",
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
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/applicator",
    title: "Applicator vocabulary meta-schema",
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
        default: {},
      },
      patternProperties: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
        propertyNames: {
          format: "regex",
        },
        default: {},
      },
      dependentSchemas: {
        type: "object",
        additionalProperties: {
          $ref: "https://json-schema.org/draft/2020-12/schema",
        },
        default: {},
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
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/unevaluated",
    title: "Unevaluated applicator vocabulary meta-schema",
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
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/validation",
    title: "Validation vocabulary meta-schema",
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
        default: false,
      },
      maxContains: {
        $ref: "#/$defs/nonNegativeInteger",
      },
      minContains: {
        $ref: "#/$defs/nonNegativeInteger",
        default: 1,
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
        default: 0,
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
        default: [],
      },
    },
  },
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/meta-data",
    title: "Meta-data vocabulary meta-schema",
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
        default: false,
      },
      readOnly: {
        type: "boolean",
        default: false,
      },
      writeOnly: {
        type: "boolean",
        default: false,
      },
      examples: {
        type: "array",
        items: true,
      },
    },
  },
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/format-annotation",
    title: "Format vocabulary meta-schema for annotation results",
    type: ["object", "boolean"],
    properties: {
      format: {
        type: "string",
      },
    },
  },
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://json-schema.org/draft/2020-12/meta/content",
    title: "Content vocabulary meta-schema",
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
