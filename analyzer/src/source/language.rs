//! Choosing the front end from the file name.

use std::path::Path;

/// The source form of a Fortran file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FortranForm {
    /// Fixed form (FORTRAN 77 card layout: comments in column 1, continuation in column 6,
    /// statements in columns 7-72).
    Fixed,
    /// Free form (Fortran 90 and later).
    Free,
}

/// A language the analyzer has a front end for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// C (`.c`, `.h`).
    C,
    /// Fortran in the given form.
    Fortran {
        /// Fixed or free form.
        form: FortranForm,
        /// True when the compiler runs the C preprocessor first (upper-case extensions such as
        /// `.F` and `.F90`, and `.fpp`), so `#` lines are directives.
        preprocessed: bool,
    },
}

/// A configuration choice that forces the form of Fortran files, whatever their extension says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FortranFormOverride {
    /// Use the form the extension implies.
    #[default]
    ByExtension,
    /// Treat every Fortran file as fixed form.
    Fixed,
    /// Treat every Fortran file as free form.
    Free,
}

impl Language {
    /// The names a configuration gives languages (`-cpp`: `#` lines are C preprocessor
    /// directives, as for `.F90`).
    pub const NAMES: [(&'static str, Language); 5] = [
        ("c", Language::C),
        (
            "fortran-fixed",
            Language::fortran(FortranForm::Fixed, false),
        ),
        ("fortran-free", Language::fortran(FortranForm::Free, false)),
        (
            "fortran-fixed-cpp",
            Language::fortran(FortranForm::Fixed, true),
        ),
        (
            "fortran-free-cpp",
            Language::fortran(FortranForm::Free, true),
        ),
    ];

    /// Fortran in `form`, `preprocessed` by cpp (`.F`, `.F90`) or not.
    pub const fn fortran(form: FortranForm, preprocessed: bool) -> Language {
        Language::Fortran { form, preprocessed }
    }

    /// A language by its name in [`Language::NAMES`].
    pub fn from_name(name: &str) -> Option<Language> {
        Language::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, language)| language)
    }

    /// Every extension [`Language::from_extension`] reads as Fortran (for a file watcher).
    pub const FORTRAN_EXTENSIONS: [&'static str; 20] = [
        "f", "for", "f77", "ftn", "F", "FOR", "F77", "FTN", "fpp", "FPP", "f90", "f95", "f03",
        "f08", "f18", "F90", "F95", "F03", "F08", "F18",
    ];

    /// The language implied by a file extension (without the dot, case-sensitive as in
    /// gfortran: `.F` is preprocessed fixed form, `.f` plain fixed form). `None` when the
    /// extension is not one the analyzer handles.
    pub fn from_extension(extension: &str) -> Option<Language> {
        use FortranForm::{Fixed, Free};
        let fortran = |form, preprocessed| Some(Language::Fortran { form, preprocessed });
        match extension {
            "c" | "h" => Some(Language::C),
            "f" | "for" | "f77" | "ftn" => fortran(Fixed, false),
            "F" | "FOR" | "F77" | "FTN" | "fpp" | "FPP" => fortran(Fixed, true),
            "f90" | "f95" | "f03" | "f08" | "f18" => fortran(Free, false),
            "F90" | "F95" | "F03" | "F08" | "F18" => fortran(Free, true),
            _ => None,
        }
    }

    /// The language implied by a path's extension; see [`Language::from_extension`].
    pub fn from_path(path: &Path) -> Option<Language> {
        Language::from_extension(path.extension()?.to_str()?)
    }

    /// This language with a configured Fortran form applied (C is unaffected).
    pub fn with_form_override(self, form_override: FortranFormOverride) -> Language {
        match (self, form_override) {
            (Language::Fortran { preprocessed, .. }, FortranFormOverride::Fixed) => {
                Language::Fortran {
                    form: FortranForm::Fixed,
                    preprocessed,
                }
            }
            (Language::Fortran { preprocessed, .. }, FortranFormOverride::Free) => {
                Language::Fortran {
                    form: FortranForm::Free,
                    preprocessed,
                }
            }
            (language, _) => language,
        }
    }
}
