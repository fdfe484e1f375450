// The umbrella module: `import FHIRKit` brings in every layer that has landed.
@_exported public import FHIRJSON
@_exported public import FHIRCore
@_exported public import FHIRDSTU2
