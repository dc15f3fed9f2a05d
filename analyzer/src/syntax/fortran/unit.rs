//! What a unit's statements say besides its declarations: which names may be declared where
//! the analysis did not look (never implicitly typed), and where its specification part ends
//! (for fixes that add declarations).

use super::kinds as k;

/// Names a unit may see declared where the analysis did not look: in a module of another file,
/// in an include that was not read. They are never given implicit types.
#[derive(Clone, Debug, Default)]
pub(super) enum Unseen {
    #[default]
    Nothing,
    Names(Vec<String>),
    Anything,
}

impl Unseen {
    /// Adds the names an unread source may declare: those of an `ONLY` list, else any.
    pub(super) fn add(&mut self, only: Option<&[String]>) {
        match (&mut *self, only) {
            (Unseen::Anything, _) => {}
            (_, None) => *self = Unseen::Anything,
            (Unseen::Names(names), Some(only)) => names.extend(only.iter().cloned()),
            (Unseen::Nothing, Some(only)) => *self = Unseen::Names(only.to_vec()),
        }
    }

    /// Adds what `other` (a module's or a host's) may declare, as far as `only` lets it in.
    pub(super) fn add_from(&mut self, other: &Unseen, only: Option<&[String]>) {
        match (other, only) {
            (Unseen::Nothing, _) => {}
            (Unseen::Anything, only) => self.add(only),
            (Unseen::Names(names), None) => self.add(Some(names)),
            (Unseen::Names(names), Some(only)) => {
                let both: Vec<String> =
                    names.iter().filter(|n| only.contains(n)).cloned().collect();
                if !both.is_empty() {
                    self.add(Some(&both));
                }
            }
        }
    }

    pub(super) fn may_declare(&self, name: &str) -> bool {
        match self {
            Unseen::Nothing => false,
            Unseen::Names(names) => names.iter().any(|n| n == name),
            Unseen::Anything => true,
        }
    }
}

/// Where a unit's specification part ends, followed as its items are lowered in order.
#[derive(Clone, Debug, Default)]
pub(super) struct SpecificationPart {
    end: Option<usize>,
    /// An item that is not a specification statement was seen.
    closed: bool,
    /// A specification statement came after such an item: where declarations go is unsure.
    unsure: bool,
}

impl SpecificationPart {
    /// The part starts after the unit's header, which ends at `header_end`.
    pub(super) fn after(header_end: usize) -> SpecificationPart {
        SpecificationPart {
            end: Some(header_end),
            ..SpecificationPart::default()
        }
    }

    /// One item of the unit, of node kind `kind`, ending at `end`.
    pub(super) fn item(&mut self, kind: &str, end: usize) {
        match kind {
            // Comments, labels and DATA may stand on either side.
            k::COMMENT | k::STATEMENT_LABEL | k::DATA_STATEMENT => {}
            k::USE_STATEMENT
            | k::IMPLICIT_STATEMENT
            | k::VARIABLE_DECLARATION
            | k::VARIABLE_MODIFICATION
            | k::PARAMETER_STATEMENT
            | k::COMMON_STATEMENT
            | k::SAVE_STATEMENT
            | k::EQUIVALENCE_STATEMENT
            | k::DERIVED_TYPE_DEFINITION
            | k::INTERFACE
            | k::INCLUDE_STATEMENT
            | k::PREPROC_INCLUDE => {
                if self.closed {
                    self.unsure = true;
                } else {
                    self.end = Some(end);
                }
            }
            _ => self.closed = true,
        }
    }

    pub(super) fn end(&self) -> Option<usize> {
        self.end.filter(|_| !self.unsure)
    }
}
