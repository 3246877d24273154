//! Special outputs: devices and FIFOs written through, standard output, the umask and kept modes, missing folders, and the messages that name the cause.

use super::*;

#[test]
fn a_device_output_is_written_through_not_replaced_by_the_rename() {
    // Row 2: `-o /dev/full --force` replaced the device node with a regular file. A FIFO and a
    // symlink to one stand in for the device (and for `/proc/self/fd/1`).
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    let fifo = dir.path().join("device");
    mkfifo(&fifo);
    let link = dir.path().join("fd1");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for out in [&fifo, &link] {
        let reader = FifoReader::start(&fifo);
        let args = [
            "stitch".into(),
            format!("{}:0..10", clip.display()).into(),
            format!("{}:10..20", clip.display()).into(),
            "-o".into(),
            out.as_os_str().to_owned(),
            "--force".into(),
        ];
        let result = run(dir.path(), &args);
        let bvh = reader.finish();
        assert!(result.status.success(), "{result:?}");
        assert!(
            bvh.starts_with(b"HIERARCHY"),
            "{:?}",
            String::from_utf8_lossy(&bvh)
        );
        assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    }
}

#[test]
fn a_write_error_on_a_written_through_output_is_reported_not_wrote() {
    // Row 2: "wrote /dev/full", exit 0. A FIFO whose reader leaves at once fails the write
    // (EPIPE), like a full device.
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(2000)).unwrap();
    let fifo = dir.path().join("full");
    mkfifo(&fifo);
    let p = fifo.clone();
    let reader = std::thread::spawn(move || drop(std::fs::File::open(&p).unwrap()));
    let args = os(&["track", "clip.bvh", "-o", "full", "--force"]);
    let result = run(dir.path(), &args);
    reader.join().unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write full"), "{stderr}");
    assert!(!String::from_utf8_lossy(&result.stdout).contains("wrote"));
    assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
}

#[test]
fn dash_writes_the_bvh_to_standard_output_not_a_file_named_dash() {
    // Row 2: `-o -` created a file named `-`.
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    for args in [
        os(&["stitch", "clip.bvh:0..10", "clip.bvh:15..30", "-o", "-"]),
        os(&["track", "clip.bvh", "-o", "-"]),
    ] {
        let result = run(dir.path(), &args);
        assert!(result.status.success(), "{result:?}");
        let bvh = hooke_bvh::Bvh::parse(&String::from_utf8(result.stdout).unwrap()).unwrap();
        assert!(bvh.frame_count() >= 25);
        // The report went to standard error.
        assert!(String::from_utf8_lossy(&result.stderr).contains("wrote -"));
        assert!(!dir.path().join("-").exists());
    }
}

#[test]
fn a_fifo_output_does_not_hang_the_same_file_check() {
    // Row 2b: the same-file check opened the output, which blocks on a FIFO without a writer
    // (hooke_in fails after 120 s).
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    for args in [
        os(&["stitch", "clip.bvh:0..10", "-o", "f"]),
        os(&["track", "clip.bvh", "-o", "f"]),
    ] {
        let result = run(dir.path(), &args);
        assert_eq!(result.status.code(), Some(2), "{result:?}");
        assert!(String::from_utf8_lossy(&result.stderr).contains("--force"));
        let mut forced = args.clone();
        forced.push("--force".into());
        let reader = FifoReader::start(&fifo);
        let result = run(dir.path(), &forced);
        assert!(result.status.success(), "{result:?}");
        assert!(reader.finish().starts_with(b"HIERARCHY"));
    }
}

#[test]
fn new_outputs_honour_the_umask_and_replaced_files_keep_their_mode() {
    // Row 4: outputs were 0600 whatever the umask, and --force made a 0644 file 0600.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(30)).unwrap();
    let hooke = assert_cmd::cargo::cargo_bin!("hooke");
    let sh = |script: &str| {
        let status = Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg("sh")
            .arg(hooke)
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{script}");
    };
    let mode = |name: &str| {
        std::fs::metadata(dir.path().join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o7777
    };
    sh("umask 022; \"$1\" track clip.bvh -o a.bvh");
    assert_eq!(mode("a.bvh"), 0o644);
    sh("umask 027; \"$1\" stitch clip.bvh:0..10 clip.bvh:10..20 -o b.bvh");
    assert_eq!(mode("b.bvh"), 0o640);
    std::fs::set_permissions(
        dir.path().join("a.bvh"),
        std::fs::Permissions::from_mode(0o604),
    )
    .unwrap();
    sh("umask 077; \"$1\" track clip.bvh -o a.bvh --force");
    assert_eq!(mode("a.bvh"), 0o604);
    sh("umask 022; \"$1\" plot --out plots");
    assert_eq!(mode("plots/stitch.svg"), 0o644);
}

#[test]
fn a_missing_or_read_only_output_folder_is_refused_before_the_work() {
    // Row 11: the error came after all the work, exit 1, naming `.hooke-XXXX.tmp`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(30)).unwrap();
    let result = run(
        dir.path(),
        &os(&["track", "clip.bvh", "--detect", "-o", "missing/x.bvh"]),
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("missing"), "{stderr}");
    assert!(!stderr.contains(".hooke-"), "{stderr}");
    // Nothing was done: the detection report never printed.
    assert!(result.stdout.is_empty(), "{result:?}");

    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root may write in a read-only folder: then there is nothing to refuse.
    let root = std::fs::write(locked.join("probe"), b"").is_ok();
    if !root {
        let result = run(
            dir.path(),
            &os(&["track", "clip.bvh", "--detect", "-o", "locked/x.bvh"]),
        );
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("locked"), "{stderr}");
        assert!(!stderr.contains(".hooke-"), "{stderr}");
        assert!(result.stdout.is_empty(), "{result:?}");
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn demo_out_an_existing_file_is_a_usage_error_naming_the_cause() {
    // Row 13: exit 1 "File exists (os error 17)".
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("existing"), b"x").unwrap();
    let result = run(dir.path(), &os(&["demo", "--out", "existing"]));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("existing") && stderr.contains("not a folder"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.path().join("existing")).unwrap(), b"x");
}

#[test]
fn bench_with_another_skeleton_says_skeleton_not_resampling() {
    // Row 13: a skeleton mismatch was reported as "resampling is not supported".
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("small.bvh"), small_bvh(30)).unwrap();
    let a = bundled("01_01.bvh").display().to_string();
    let result = run(
        dir.path(),
        &os(&[
            "bench",
            "--clip-a",
            &a,
            "--clip-b",
            "small.bvh",
            "--seconds",
            "0.1",
        ]),
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("skeleton"), "{stderr}");
    assert!(!stderr.contains("resampling"), "{stderr}");
}

#[test]
fn writing_to_a_closed_standard_output_with_dash_is_quiet() {
    // `-o -` into a reader that stops early behaves like the reports do (`| head -1`).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(3000)).unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("hooke"))
        .args(["track", "clip.bvh", "-o", "-"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0_u8; 9];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // Dropping the pipe closes it.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first, b"HIERARCHY");
    assert!(out.status.code().is_some_and(|c| c == 0), "{out:?}");
}
