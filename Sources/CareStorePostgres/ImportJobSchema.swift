/// The tables of cooperating importers (``ImportJob``), migration `v2-import-jobs`. A job is
/// named by its users (`--job`); every row carries the job's name. Staged resources are kept
/// until the job's rows are deleted (`DELETE FROM import_jobs WHERE job = …` cascades).
///
/// - `import_jobs`: one row per job: the number of workers it waits for, the partition size
///   every worker cuts with, whether staging is closed (`sealed`) and the number of partitions.
/// - `import_job_workers`: one row per worker process that joined: its part of the inputs (the
///   SHA-256 of its files' SHA-256s: the same command run again is the same part), where it
///   runs, its server process (to tell whether it is still connected), when it finished staging
///   and merging. The barrier counts distinct parts staged.
/// - `import_job_files`: one row per staged file content, unique per job by SHA-256: staging
///   the same content twice, by one worker or two at once, stages it once.
/// - `import_job_resources`: the resources of each staged file, in the order read.
/// - `import_job_partitions`: one row per partition; a worker claims one with
///   `FOR UPDATE SKIP LOCKED` and holds the lock until it is stored and marked done.
enum ImportJobSchema {
  static let v2 = [
    """
    CREATE TABLE import_jobs (
      job text PRIMARY KEY,
      workers integer NOT NULL CHECK (workers >= 1),
      partition_bytes bigint NOT NULL CHECK (partition_bytes >= 1),
      created_at timestamptz NOT NULL DEFAULT now(),
      sealed boolean NOT NULL DEFAULT false,
      partitions integer CHECK (partitions >= 0),
      CHECK (partitions IS NULL OR sealed)
    )
    """,
    """
    CREATE TABLE import_job_workers (
      job text NOT NULL REFERENCES import_jobs (job) ON DELETE CASCADE,
      worker_no bigint GENERATED ALWAYS AS IDENTITY,
      part_sha256 text NOT NULL CHECK (length(part_sha256) = 64),
      host text NOT NULL,
      pid integer NOT NULL,
      backend_pid integer NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      staged_at timestamptz,
      finished_at timestamptz,
      PRIMARY KEY (job, worker_no)
    )
    """,
    """
    CREATE TABLE import_job_files (
      job text NOT NULL REFERENCES import_jobs (job) ON DELETE CASCADE,
      content_sha256 text NOT NULL CHECK (length(content_sha256) = 64),
      path text NOT NULL,
      bytes bigint NOT NULL,
      resources integer NOT NULL DEFAULT 0,
      worker_no bigint NOT NULL,
      staged_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (job, content_sha256)
    )
    """,
    """
    CREATE TABLE import_job_resources (
      job text NOT NULL,
      content_sha256 text NOT NULL,
      record_no integer NOT NULL,
      release text NOT NULL CHECK (release IN ('r4', 'dstu2')),
      full_url text,
      json bytea NOT NULL,
      original_json bytea,
      PRIMARY KEY (job, content_sha256, record_no),
      FOREIGN KEY (job, content_sha256) REFERENCES import_job_files (job, content_sha256) ON DELETE CASCADE
    )
    """,
    """
    CREATE TABLE import_job_partitions (
      job text NOT NULL REFERENCES import_jobs (job) ON DELETE CASCADE,
      partition_no integer NOT NULL CHECK (partition_no >= 0),
      done_at timestamptz,
      worker_no bigint,
      PRIMARY KEY (job, partition_no)
    )
    """,
  ]
}
