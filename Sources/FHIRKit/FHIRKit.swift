// The umbrella module: `import FHIRKit` brings in the JSON layer and the release-neutral
// FHIR core. The release models are imported by name, `import FHIRR4` and
// `import FHIRDSTU2`, since both releases define `Patient`, `Bundle`, … and R4's
// `Range` and `Duration` would hide the standard library's.
@_exported public import FHIRJSON
@_exported public import FHIRCore
