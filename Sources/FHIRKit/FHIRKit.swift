// The umbrella module: `import FHIRKit` is the whole toolkit. The fine-grained products
// (`FHIRJSON`, `FHIRR4`, `CareStore`, …) stay for programs that want less.
//
// Both releases define types of the same name (`Patient`, `CarePlan`, `Bundle`, …), so an
// unqualified name that both define is ambiguous; the module name is the namespace:
// `FHIRR4.Patient`, `FHIRDSTU2.Patient`. The care model's entities have names of their own
// (`PatientEntity`, `CarePlanEntity`, `TaskEntity`, …), and names only one module defines
// (`Pipeline`, `R4PatientCoder`, `NameComponents`, `SQLiteBackend`, …) need no qualification.
// R4's and DSTU2's `Range` and `Duration` hide the standard library's: write `Swift.Range`,
// `Swift.Duration` for those. See README.md ("Using the library").
@_exported public import FHIRJSON
@_exported public import FHIRCore
@_exported public import FHIRR4
@_exported public import FHIRDSTU2
@_exported public import FHIRReleaseConversion
@_exported public import CareModel
@_exported public import FHIRCoders
@_exported public import CarePipeline
@_exported public import CareStore
@_exported public import CareStoreFHIR
@_exported public import CareStoreSQLite
@_exported public import CareStorePostgres
@_exported public import CareStoreLocation
@_exported public import CareSync
