//! The C main file's parse, kept for the next version (see [`crate::syntax::reparse`]), with
//! its functions as lowered.

use std::sync::Arc;

use tree_sitter::{Parser, Tree};

use super::prepass::KeptPrepass;
use super::Lowerer;
use crate::syntax::reparse::KeptParse;

/// A C main file's parse and its functions as lowered, for the next version's.
#[derive(Clone, Debug)]
pub(crate) struct MainParse {
    pub(crate) parse: KeptParse,
    /// Its pre-pass, for the next version's.
    pub(super) prepass: Option<Arc<KeptPrepass>>,
    /// Its functions as lowered, for the next version's lowering.
    pub(super) functions: Arc<super::memo::FunctionMemo>,
}

impl MainParse {
    /// What the pre-pass of this version scanned (see [`KeptPrepass::scanned`]).
    pub(crate) fn scanned(&self) -> Option<std::ops::Range<usize>> {
        Some(self.prepass.as_ref()?.scanned())
    }
}

impl Lowerer<'_> {
    /// Parses the main file's text, from the previous version's tree when there is one.
    pub(super) fn parse_main(
        &mut self,
        parser: &mut Parser,
        text: &str,
        prepass: Option<Arc<KeptPrepass>>,
    ) -> Option<Tree> {
        let previous = self.previous_parse.take().map(|p| p.parse);
        let parse = KeptParse::parse(parser, previous, text)?;
        let tree = parse.tree().clone();
        self.main_parse = Some(MainParse {
            parse,
            prepass,
            functions: Arc::default(),
        });
        Some(tree)
    }
}
