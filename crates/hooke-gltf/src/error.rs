//! What can be wrong with a glTF file, or with writing one.

/// Everything that can go wrong while reading or writing glTF.
///
/// Every variant says where: `at` is the JSON path of the offending object
/// (`animations[0].samplers[2].input`), so a message points straight at the problem. Reading
/// never panics and never allocates more than the file's own data justifies.
///
/// ```
/// let err = hooke_gltf::read(b"glTF\x02\0\0\0", &Default::default()).unwrap_err();
/// assert!(matches!(err, hooke_gltf::GltfError::Container { .. }));
/// assert!(err.to_string().contains("GLB header"), "{err}");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GltfError {
    /// The GLB container or the JSON text is malformed (truncated file, bad chunk, bad JSON).
    #[error("{message}")]
    Container {
        /// What is wrong.
        message: String,
    },
    /// A glTF object is invalid or unsupported: an index out of range, an accessor that does
    /// not fit its buffer, keyframe times that are not finite or not increasing, ...
    #[error("{at}: {message}")]
    Invalid {
        /// JSON path of the object, e.g. `accessors[3]`.
        at: String,
        /// What is wrong with it.
        message: String,
    },
    /// The animation or skin asked for is not in the file (the message lists what is).
    #[error("{message}")]
    NotFound {
        /// What was asked for and what there is.
        message: String,
    },
    /// A read option out of range (a scale or frame rate that is not a positive number).
    #[error("{message}")]
    BadOption {
        /// Which option and its value.
        message: String,
    },
    /// The clip would be larger than hooke reads (more than
    /// [`MAX_JOINT_FRAMES`](hooke_bvh::MAX_JOINT_FRAMES) joint-frames), or memory for it could
    /// not be reserved.
    #[error("{message}")]
    TooLarge {
        /// What was too large.
        message: String,
    },
    /// The file, or an external buffer file, could not be read.
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        /// The buffer file.
        path: std::path::PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A clip that cannot be written as glTF (no joints, non-finite values, too large for GLB).
    #[error("cannot write glTF: {message}")]
    Write {
        /// What is wrong.
        message: String,
    },
}

impl GltfError {
    pub(crate) fn invalid(at: impl Into<String>, message: impl Into<String>) -> GltfError {
        GltfError::Invalid {
            at: at.into(),
            message: message.into(),
        }
    }

    pub(crate) fn container(message: impl Into<String>) -> GltfError {
        GltfError::Container {
            message: message.into(),
        }
    }
}
