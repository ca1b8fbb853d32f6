//! The recipes of `examples/cluster/` run as their schedulers would run them: GNU parallel for
//! real, a Slurm job array through a stand-in `sbatch` that numbers tasks as Slurm does, and a
//! Kubernetes Indexed Job's pods as its manifest says (each pod's shell command with its
//! JOB_COMPLETION_INDEX). Each merge prints byte for byte what one run prints, and each
//! recipe's way back from a lost shard works.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use yaml_rust2::{Yaml, YamlLoader};

use crate::common::{PLUS, Scratch, optional_tool, scrambles};

/// The recipes' folder.
fn recipes() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/cluster")
}

/// Boards for the recipes: two 30x30 scrambles whose searches are sweeps (nullity 20), a
/// malformed board between them (which every shard and the merge report in its place), and
/// one board settled without a sweep.
fn boards(scratch: &Scratch) -> PathBuf {
    let malformed = format!("x{}\n", "w".repeat(29)) + &format!("{}\n", "w".repeat(30)).repeat(29);
    scratch.file(
        "boards.txt",
        [
            scrambles(PLUS, 30, 150, 1, 1),
            malformed,
            scrambles(PLUS, 30, 60, 1, 2),
            format!("{}\n", "w".repeat(30)).repeat(30),
        ]
        .concat(),
    )
}

/// What one run prints for the boards, with `--taps`.
fn one_run(scratch: &Scratch) -> Output {
    scratch
        .flipgame()
        .args(["solve", "--size", "30x30", "--taps", "boards.txt"])
        .output()
        .unwrap()
}

/// A folder holding `flipgame`, this build's, for the recipes' PATH.
fn flipgame_on_path(scratch: &Scratch) -> String {
    let bin = scratch.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("flipgame");
    if !link.exists() {
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_flipgame"), &link).unwrap();
    }
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A flipgame that fails shard 2 (status 1) while the file `broken` exists, and logs every
/// shard run to runs.log.
fn flaky_flipgame(scratch: &Scratch) -> PathBuf {
    let wrapper = scratch.file(
        "flaky-flipgame",
        format!(
            "#!/bin/sh\n\
             case \"$*\" in *'--shard 2/'*) [ -e broken ] && exit 1;; esac\n\
             case \"$*\" in *--shard*) echo \"$*\" >> runs.log;; esac\n\
             exec {} \"$@\"\n",
            env!("CARGO_BIN_EXE_flipgame")
        ),
    );
    std::fs::set_permissions(
        &wrapper,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    wrapper
}

/// Puts the stand-in `sbatch` ([`FAKE_SBATCH`]) in the scratch folder's bin/, which
/// [`flipgame_on_path`] puts on the PATH.
fn fake_sbatch(scratch: &Scratch) {
    let bin = scratch.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let sbatch = bin.join("sbatch");
    std::fs::write(&sbatch, FAKE_SBATCH).unwrap();
    std::fs::set_permissions(&sbatch, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
}

/// The folder of `parallel.sh`'s run, as it says on standard error (`shards: DIR`).
fn run_folder(output: &Output) -> String {
    text(&output.stderr)
        .lines()
        .find_map(|line| line.strip_prefix("shards: "))
        .unwrap_or_else(|| panic!("no run folder said: {}", text(&output.stderr)))
        .to_string()
}

/// The shards the flaky flipgame ran since runs.log was last removed, by K/N, in order.
fn shards_run(scratch: &Scratch, folder: &str) -> Vec<String> {
    let log = scratch.path().join(folder).join("runs.log");
    let runs = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let mut shards: Vec<String> = runs
        .lines()
        .filter_map(|line| line.split("--shard ").nth(1))
        .filter_map(|rest| rest.split(' ').next())
        .map(String::from)
        .collect();
    shards.sort();
    shards
}

/// `parallel.sh` runs the shards with GNU parallel and merges them into the single run's
/// answers, walking every failure a user of parallel meets to its one-command recovery: a
/// shard that keeps failing (the same command again runs only it), a shard's file lost after
/// it succeeded (run again, though the job log says done), other boards or another N in the
/// same folder (a run folder of their own: every shard runs), a typo in the options (nothing
/// left behind that the mended command would skip), and machines reached over ssh, where a
/// job starts in the home folder (`--workdir .`: here a stand-in ssh that does just that).
#[test]
fn gnu_parallel_runs_the_shards_and_the_merge_prints_one_runs_answers() {
    if !optional_tool("parallel", &["--version"], "GNU parallel") {
        return;
    }
    let scratch = Scratch::new();
    boards(&scratch);
    let single = one_run(&scratch);
    let wrapper = flaky_flipgame(&scratch);
    let recipe = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = Command::new(recipes().join("parallel.sh"));
        command
            .args(args)
            .env("FLIPGAME", &wrapper)
            .env("JOBS", "2")
            .current_dir(scratch.path());
        for (name, value) in env {
            command.env(name, value);
        }
        command.output().unwrap()
    };
    let three = ["3", "boards.txt", "--size", "30x30", "--", "--taps"];
    scratch.file("broken", "");
    let failed = recipe(&three, &[]);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed.stderr));
    let folder = run_folder(&failed);
    assert!(folder.starts_with("shards/3-"), "{folder}");
    let file = |shard: u32| {
        scratch
            .path()
            .join(&folder)
            .join(format!("shard-{shard}.jsonl"))
    };
    assert!(!file(2).exists());
    assert!(file(3).exists());
    std::fs::remove_file(scratch.path().join("broken")).unwrap();
    let _ = shards_run(&scratch, "");
    let again = recipe(&three, &[]);
    assert_eq!(text(&again.stdout), text(&single.stdout));
    assert_eq!(again.status.code(), single.status.code());
    assert_eq!(run_folder(&again), folder);
    assert_eq!(shards_run(&scratch, ""), ["2/3"]);
    // A finished shard's file lost: the job log says done, the file decides.
    std::fs::remove_file(file(1)).unwrap();
    let lost = recipe(&three, &[]);
    assert_eq!(text(&lost.stdout), text(&single.stdout));
    assert_eq!(shards_run(&scratch, ""), ["1/3"]);
    // Nothing lost: nothing runs.
    let whole = recipe(&three, &[]);
    assert_eq!(text(&whole.stdout), text(&single.stdout));
    assert!(shards_run(&scratch, "").is_empty());
    // Other boards under the same name, in the same shards/ folder: a run of their own.
    let before = std::fs::read_to_string(scratch.path().join("boards.txt")).unwrap();
    scratch.file("boards.txt", scrambles(PLUS, 30, 150, 2, 3));
    let other = one_run(&scratch);
    let changed = recipe(&three, &[]);
    assert_eq!(text(&changed.stdout), text(&other.stdout));
    assert_ne!(run_folder(&changed), folder);
    assert_eq!(shards_run(&scratch, ""), ["1/3", "2/3", "3/3"]);
    scratch.file("boards.txt", before);
    // Another N: a run of its own.
    let two = recipe(&["2", "boards.txt", "--size", "30x30", "--", "--taps"], &[]);
    assert_eq!(text(&two.stdout), text(&single.stdout));
    assert_eq!(shards_run(&scratch, ""), ["1/2", "2/2"]);
    // A typo: every shard and the merge say what is wrong, and the mended command runs every
    // shard.
    let typo = recipe(
        &[
            "2",
            "boards.txt",
            "--size",
            "30x30",
            "--rule",
            "plusx",
            "--",
            "--taps",
        ],
        &[],
    );
    assert_eq!(typo.status.code(), Some(2));
    assert!(
        text(&typo.stderr).contains("plusx"),
        "{}",
        text(&typo.stderr)
    );
    let _ = shards_run(&scratch, "");
    let mended = recipe(
        &[
            "2",
            "boards.txt",
            "--size",
            "30x30",
            "--rule",
            "plus",
            "--",
            "--taps",
        ],
        &[],
    );
    assert_eq!(text(&mended.stdout), text(&single.stdout));
    assert_eq!(shards_run(&scratch, ""), ["1/2", "2/2"]);
    // Over ssh: a remote job starts in the login's home folder; the recipe's --workdir takes
    // it to the same folder below home as here.
    let ssh = scratch.file(
        "fake-ssh",
        "#!/bin/sh\n\
         # ssh HOST [--] COMMAND...: COMMAND run from the home folder with the login's\n\
         # shell in SHELL, as sshd runs it (parallel's remote jobs run in $SHELL: where the\n\
         # caller has none, as under CI, they would silently run nothing)\n\
         shift\n\
         [ \"$1\" = -- ] && shift\n\
         SHELL=$(getent passwd \"$(id -u)\" | cut -d: -f7)\n\
         export SHELL=${SHELL:-/bin/sh}\n\
         cd \"$HOME\" || exit 255\n\
         exec bash -c \"$*\"\n",
    );
    std::fs::set_permissions(&ssh, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    std::fs::create_dir(scratch.path().join("work")).unwrap();
    std::fs::copy(
        scratch.path().join("boards.txt"),
        scratch.path().join("work/boards.txt"),
    )
    .unwrap();
    let remote = Command::new(recipes().join("parallel.sh"))
        .args(three)
        .env("FLIPGAME", &wrapper)
        .env("HOME", scratch.path())
        .env("PARALLEL", format!("--ssh {} -S 1/node1", ssh.display()))
        .current_dir(scratch.path().join("work"))
        .output()
        .unwrap();
    assert_eq!(
        text(&remote.stdout),
        text(&single.stdout),
        "{}",
        text(&remote.stderr)
    );
    assert_eq!(shards_run(&scratch, "work"), ["1/3", "2/3", "3/3"]);
}

/// A stand-in for Slurm's `sbatch`: it runs each task of `--array` (a range `A-B` or a list
/// `A,B`) at once, in order, with SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and
/// SLURM_JOB_ID as Slurm sets them, `%a` and `%j` in `--output` and `--error` as Slurm fills
/// them in, and a job that waits on another with `--dependency=afterok:ID` runs only if every
/// task of ID succeeded (else it stays pending, as in Slurm: here, it never runs), while one
/// with `afterany:ID` runs once they have all ended, as here they have.
const FAKE_SBATCH: &str = r#"#!/usr/bin/env bash
set -u
state=${SBATCH_STATE:?}
mkdir -p "$state"
id=$(( $(ls "$state" | wc -l) + 100 ))
array="" output="slurm-%j.out" error="" dependency="" parsable=""
while [ "$#" -gt 0 ]; do
    case $1 in
        --parsable) parsable=1 ;;
        --array=*) array=${1#--array=} ;;
        --output=*) output=${1#--output=} ;;
        --error=*) error=${1#--error=} ;;
        --dependency=*) dependency=${1#--dependency=} ;;
        --job-name=* | --time=* | --partition=*) ;;
        -*) echo "sbatch stand-in: unknown option $1" >&2; exit 1 ;;
        *) break ;;
    esac
    shift
done
script=$1
shift
echo ok > "$state/$id"
if [ -n "$dependency" ]; then
    after=${dependency#*:}
    if [ "${dependency%%:*}" = afterok ] && [ "$(cat "$state/$after")" != ok ]; then
        echo pending > "$state/$id"
        [ -n "$parsable" ] && echo "$id"
        exit 0
    fi
fi
if [ -n "$array" ]; then
    if [[ $array == *-* ]]; then tasks=$(seq "${array%-*}" "${array#*-}"); else tasks=${array//,/ }; fi
else
    tasks=""
fi
run() {
    local out=${output//%a/$1} err=${error//%a/$1}
    out=${out//%j/$id} err=${err//%j/$id}
    [ -n "$err" ] || err=$out
    if ! bash "$script" "${@:2}" > "$out" 2> "$err"; then echo failed > "$state/$id"; fi
}
if [ -n "$tasks" ]; then
    count=$(echo $tasks | wc -w)
    for task in $tasks; do
        SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_COUNT=$count SLURM_JOB_ID=$id run "$task" "$@"
    done
else
    SLURM_JOB_ID=$id run "" "$@"
fi
[ -n "$parsable" ] && echo "$id"
exit 0
"#;

/// The run folder `slurm.sh` says it merges into (`..., into DIR/merged.out`).
fn slurm_folder(submitted: &Output) -> String {
    let said = text(&submitted.stdout);
    said.trim_end()
        .rsplit_once(", into ")
        .and_then(|(_, out)| out.strip_suffix("/merged.out"))
        .unwrap_or_else(|| panic!("no folder said: {said}"))
        .to_string()
}

/// `slurm.sh` submits the shards as a job array and the merge as a job after them: the merge's
/// output is the single run's answers. With a shard's file lost, the same command again submits
/// that shard alone and the merge after it; with none lost, the merge alone.
#[test]
fn a_slurm_job_array_runs_the_shards_and_the_merge_after_them() {
    if !optional_tool("bash", &["--version"], "bash") {
        return;
    }
    let scratch = Scratch::new();
    boards(&scratch);
    let single = one_run(&scratch);
    fake_sbatch(&scratch);
    let path = flipgame_on_path(&scratch);
    let shell = |script: &str| {
        Command::new("bash")
            .args(["-c", script])
            .env("PATH", &path)
            .env("SBATCH_STATE", scratch.path().join("jobs"))
            .current_dir(scratch.path())
            .output()
            .unwrap()
    };
    let recipe = format!(
        "{}/slurm.sh 3 boards.txt --size 30x30 -- --taps",
        recipes().display()
    );
    let submitted = shell(&recipe);
    assert!(submitted.status.success(), "{}", text(&submitted.stderr));
    assert!(
        text(&submitted.stdout)
            .starts_with("shards: job array 100; merge: job 101, into shards/3-"),
        "{}",
        text(&submitted.stdout)
    );
    let folder = scratch.path().join(slurm_folder(&submitted));
    let merged = || std::fs::read_to_string(folder.join("merged.out")).unwrap();
    assert_eq!(merged(), text(&single.stdout));
    // Each task searched its own shard: task K's file is shard K's.
    for task in 1..=3 {
        let records = std::fs::read_to_string(folder.join(format!("shard-{task}.jsonl"))).unwrap();
        assert!(
            records.contains(&format!("\"shard\":\"{task}/3\"")),
            "{records}"
        );
    }
    // Shard 2's file lost after it succeeded: the same command runs it, and the merge.
    std::fs::remove_file(folder.join("shard-2.jsonl")).unwrap();
    std::fs::remove_file(folder.join("merged.out")).unwrap();
    let again = shell(&recipe);
    assert!(
        text(&again.stdout).starts_with("shards: job array 102 (shards 2); merge: job 103"),
        "{}",
        text(&again.stdout)
    );
    assert_eq!(merged(), text(&single.stdout));
    let done = shell(&recipe);
    assert!(
        text(&done.stdout).starts_with("shards: none to run; merge: job 104"),
        "{}",
        text(&done.stdout)
    );
    assert_eq!(merged(), text(&single.stdout));
}

/// A shard that fails under Slurm does not leave the merge pending for ever: the merge runs
/// once every task has ended (afterany), answers what it can and says, in merged.log, the one
/// command that runs the failed shard and the merge after it; run from another folder, that
/// command leaves the merge printing one run's answers.
#[test]
fn a_failed_slurm_shard_still_lets_the_merge_run_and_say_what_to_run_again() {
    if !optional_tool("bash", &["--version"], "bash") {
        return;
    }
    let scratch = Scratch::new();
    boards(&scratch);
    let single = one_run(&scratch);
    fake_sbatch(&scratch);
    let wrapper = flaky_flipgame(&scratch);
    let path = flipgame_on_path(&scratch);
    let shell = |script: &str, folder: &Path| {
        Command::new("bash")
            .args(["-c", script])
            .env("PATH", &path)
            .env("FLIPGAME", &wrapper)
            .env("SBATCH_STATE", scratch.path().join("jobs"))
            .current_dir(folder)
            .output()
            .unwrap()
    };
    scratch.file("broken", "");
    let submitted = shell(
        &format!(
            "{}/slurm.sh 3 boards.txt --size 30x30 -- --taps",
            recipes().display()
        ),
        scratch.path(),
    );
    assert!(submitted.status.success(), "{}", text(&submitted.stderr));
    let folder = scratch.path().join(slurm_folder(&submitted));
    assert!(!folder.join("shard-2.jsonl").exists());
    let log = std::fs::read_to_string(folder.join("merged.log")).unwrap();
    assert!(log.contains("error: shards to run again: 2/3"), "{log}");
    let line = log
        .lines()
        .find_map(|line| line.strip_prefix("run them, and this merge after them: "))
        .unwrap_or_else(|| panic!("{log}"));
    std::fs::remove_file(scratch.path().join("broken")).unwrap();
    // From another folder, and without FLIPGAME: the line carries the run's settings.
    assert!(line.contains("FLIPGAME="), "{line}");
    let elsewhere = scratch.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let rerun = Command::new("bash")
        .args(["-c", line])
        .env("PATH", &path)
        .env_remove("FLIPGAME")
        .env("SBATCH_STATE", scratch.path().join("jobs"))
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    assert!(rerun.status.success(), "{}", text(&rerun.stderr));
    assert!(
        text(&rerun.stdout).starts_with("shards: job array 102 (shards 2); merge: job 103"),
        "{}",
        text(&rerun.stdout)
    );
    let merged = std::fs::read_to_string(folder.join("merged.out")).unwrap();
    assert_eq!(merged, text(&single.stdout));
}

/// The value of the environment variable `name` in a container's `env` list.
fn env_value<'a>(container: &'a Yaml, name: &str) -> &'a str {
    container["env"]
        .as_vec()
        .unwrap()
        .iter()
        .find(|entry| entry["name"].as_str() == Some(name))
        .and_then(|entry| entry["value"].as_str())
        .unwrap_or_else(|| panic!("no {name} in the container's env"))
}

/// The one container of a Job manifest, and the manifest.
fn job(file: &str) -> Yaml {
    let text = std::fs::read_to_string(recipes().join(file)).unwrap();
    let mut documents = YamlLoader::load_from_str(&text).unwrap();
    assert_eq!(documents.len(), 1, "{file}");
    let job = documents.remove(0);
    assert_eq!(job["apiVersion"].as_str(), Some("batch/v1"), "{file}");
    assert_eq!(job["kind"].as_str(), Some("Job"), "{file}");
    let pod = &job["spec"]["template"]["spec"];
    assert_eq!(pod["restartPolicy"].as_str(), Some("Never"), "{file}");
    assert_eq!(pod["containers"].as_vec().map(Vec::len), Some(1), "{file}");
    job
}

/// Runs a pod's container as its manifest says (`command` with `args`, the manifest's `env`),
/// the volume's mount path standing for the scratch folder, with more variables in `extra`.
fn run_pod(scratch: &Scratch, job: &Yaml, extra: &[(&str, &str)]) -> Output {
    let pod = &job["spec"]["template"]["spec"];
    let container = &pod["containers"][0];
    let mount = container["volumeMounts"][0]["mountPath"].as_str().unwrap();
    assert_eq!(env_value(container, "DATA"), mount);
    let words: Vec<&str> = container["command"]
        .as_vec()
        .unwrap()
        .iter()
        .chain(container["args"].as_vec().unwrap())
        .map(|word| word.as_str().unwrap())
        .collect();
    let mut command = Command::new(words[0]);
    command
        .args(&words[1..])
        .env("PATH", flipgame_on_path(scratch))
        .current_dir(scratch.path());
    for entry in container["env"].as_vec().unwrap() {
        command.env(
            entry["name"].as_str().unwrap(),
            entry["value"].as_str().unwrap(),
        );
    }
    command.env("DATA", scratch.path());
    for (name, value) in extra {
        command.env(name, value);
    }
    command.output().unwrap()
}

/// The manifests as a careful operator applies them: each valid against the Kubernetes API
/// schema (kubernetes-validate, pinned in tests/requirements-tools.txt, strict: no field it
/// does not know), a pinned image pulled only when missing, requests and limits, a restricted
/// security context, disruptions retried without counting against a pod's retries, the merge
/// failing at once where a retry cannot help, and a ReadWriteMany claim.
#[test]
fn the_kubernetes_manifests_are_what_a_careful_operator_applies() {
    let files = [
        "kubernetes-shards.yaml",
        "kubernetes-merge.yaml",
        "kubernetes-volume.yaml",
    ];
    if optional_tool(
        "kubernetes-validate",
        &["--version"],
        "kubernetes-validate (tests/requirements-tools.txt)",
    ) {
        let checked = Command::new("kubernetes-validate")
            .args(["--strict", "--kubernetes-version", "1.33"])
            .args(files.map(|file| recipes().join(file)))
            .output()
            .unwrap();
        assert!(
            checked.status.success(),
            "{}{}",
            text(&checked.stdout),
            text(&checked.stderr)
        );
    }
    for file in &files[..2] {
        let job = job(file);
        let pod = &job["spec"]["template"]["spec"];
        assert_eq!(
            pod["securityContext"]["runAsNonRoot"].as_bool(),
            Some(true),
            "{file}"
        );
        assert_eq!(
            pod["securityContext"]["seccompProfile"]["type"].as_str(),
            Some("RuntimeDefault"),
            "{file}"
        );
        let container = &pod["containers"][0];
        let image = container["image"].as_str().unwrap();
        let tag = image.rsplit_once(':').map(|(_, tag)| tag);
        assert!(tag.is_some_and(|tag| tag != "latest"), "{file}: {image}");
        assert_eq!(
            container["imagePullPolicy"].as_str(),
            Some("IfNotPresent"),
            "{file}"
        );
        for (kind, resource) in [
            ("requests", "cpu"),
            ("requests", "memory"),
            ("limits", "cpu"),
            ("limits", "memory"),
        ] {
            assert!(
                container["resources"][kind][resource].as_str().is_some(),
                "{file}: {kind}.{resource}"
            );
        }
        let security = &container["securityContext"];
        assert_eq!(
            security["allowPrivilegeEscalation"].as_bool(),
            Some(false),
            "{file}"
        );
        assert_eq!(
            security["readOnlyRootFilesystem"].as_bool(),
            Some(true),
            "{file}"
        );
        assert_eq!(
            security["capabilities"]["drop"][0].as_str(),
            Some("ALL"),
            "{file}"
        );
        let rules = job["spec"]["podFailurePolicy"]["rules"].as_vec().unwrap();
        assert!(
            rules
                .iter()
                .any(|rule| rule["action"].as_str() == Some("Ignore")
                    && rule["onPodConditions"][0]["type"].as_str() == Some("DisruptionTarget")),
            "{file}: disruptions retried"
        );
        assert_eq!(
            pod["volumes"][0]["persistentVolumeClaim"]["claimName"].as_str(),
            Some("flipgame-data"),
            "{file}"
        );
    }
    let shards = job("kubernetes-shards.yaml");
    assert!(shards["spec"]["backoffLimitPerIndex"].as_i64().is_some());
    let merge = job("kubernetes-merge.yaml");
    let fail = &merge["spec"]["podFailurePolicy"]["rules"][0];
    assert_eq!(fail["action"].as_str(), Some("FailJob"));
    let codes: Vec<i64> = fail["onExitCodes"]["values"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(Yaml::as_i64)
        .collect();
    assert_eq!(codes, [2, 4]);
    let text = std::fs::read_to_string(recipes().join("kubernetes-volume.yaml")).unwrap();
    let claim = &YamlLoader::load_from_str(&text).unwrap()[0];
    assert_eq!(claim["kind"].as_str(), Some("PersistentVolumeClaim"));
    assert_eq!(claim["metadata"]["name"].as_str(), Some("flipgame-data"));
    assert_eq!(
        claim["spec"]["accessModes"][0].as_str(),
        Some("ReadWriteMany")
    );
}

/// The Kubernetes recipe: an Indexed Job whose pod K (JOB_COMPLETION_INDEX from 0) searches
/// shard K + 1 into the run's folder on the shared volume, and a merge Job with the same
/// options; run pod by pod here, the merge writes the single run's answers. Shards lost: the
/// merge names them, keeps the last good answers, and the Job applied again searches only
/// those shards (the others' pods end at once). Other boards: a folder of their own, every
/// shard searched.
#[test]
fn a_kubernetes_indexed_job_runs_the_shards_and_a_job_merges_them() {
    let shards = job("kubernetes-shards.yaml");
    let merge = job("kubernetes-merge.yaml");
    let spec = &shards["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    let count = spec["completions"].as_i64().unwrap();
    let (shard_pod, merge_pod) = (
        &spec["template"]["spec"],
        &merge["spec"]["template"]["spec"],
    );
    let (shard_container, merge_container) =
        (&shard_pod["containers"][0], &merge_pod["containers"][0]);
    for name in ["SHARDS", "OPTIONS", "DATA"] {
        assert_eq!(
            env_value(shard_container, name),
            env_value(merge_container, name),
            "{name}"
        );
    }
    assert_eq!(env_value(shard_container, "SHARDS"), count.to_string());
    assert_eq!(shard_pod["volumes"], merge_pod["volumes"]);
    assert_eq!(
        shard_container["volumeMounts"],
        merge_container["volumeMounts"]
    );
    assert_eq!(shard_container["image"], merge_container["image"]);
    // The boards of the manifest's own options: scrambles of 39x39, settled without sweeps,
    // so that the pods run in a moment.
    assert_eq!(env_value(shard_container, "OPTIONS"), "--size 39x39");
    let scratch = Scratch::new();
    let options = env_value(merge_container, "MERGE_OPTIONS");
    let one_run = |scratch: &Scratch| {
        let single = scratch
            .flipgame()
            .args(["solve", "--size", "39x39", options, "boards.txt"])
            .output()
            .unwrap();
        assert!(single.status.success());
        text(&single.stdout)
    };
    // Every pod of the Job, in order: which ones found their shard done already.
    let apply_shards = || -> Vec<i64> {
        (0..count)
            .filter(|index| {
                let pod = run_pod(
                    &scratch,
                    &shards,
                    &[("JOB_COMPLETION_INDEX", &index.to_string())],
                );
                assert!(pod.status.success(), "pod {index}: {}", text(&pod.stderr));
                text(&pod.stdout).contains("done already")
            })
            .collect()
    };
    let answers = || std::fs::read_to_string(scratch.path().join("answers.txt")).unwrap();
    scratch.file("boards.txt", scrambles(PLUS, 39, 100, 2, 9));
    let single = one_run(&scratch);
    assert!(apply_shards().is_empty());
    let merged = run_pod(&scratch, &merge, &[]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(answers(), single);
    // Shards 3 and 5 lost: the merge names them and keeps the last good answers.
    let folders: Vec<_> = std::fs::read_dir(scratch.path().join("shards"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1);
    let name = folders[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with(&format!("{count}-")), "{name}");
    for shard in [3, 5] {
        std::fs::remove_file(folders[0].join(format!("shard-{shard}.jsonl"))).unwrap();
    }
    let missing = run_pod(&scratch, &merge, &[]);
    assert_eq!(missing.status.code(), Some(4));
    let said = text(&missing.stderr);
    assert!(
        said.contains(&format!(
            "error: shards to run again: 3/{count} 5/{count}\n"
        )),
        "{said}"
    );
    assert!(
        said.contains("kubectl delete job flipgame-shards"),
        "{said}"
    );
    assert_eq!(answers(), single);
    assert!(scratch.path().join("answers.incomplete").exists());
    // The Job applied again: only pods 2 and 4 (shards 3 and 5) search.
    let done: Vec<i64> = (0..count).filter(|index| ![2, 4].contains(index)).collect();
    assert_eq!(apply_shards(), done);
    let again = run_pod(&scratch, &merge, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(answers(), single);
    assert!(!scratch.path().join("answers.incomplete").exists());
    // Other boards on the volume: every shard searches them, into a folder of their own.
    scratch.file("boards.txt", scrambles(PLUS, 39, 100, 2, 10));
    let other = one_run(&scratch);
    assert!(apply_shards().is_empty());
    let merged = run_pod(&scratch, &merge, &[]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(answers(), other);
}
