//! The analyzer's findings and `ide` queries as LSP values, for one snapshot.

use std::collections::HashMap;

use analyzer::checks::Severity;
use analyzer::fix::{Applicability, Edit};
use analyzer::ide;
use analyzer::source::{LineIndex, PositionEncoding, Span};
use tower_lsp_server::ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, DocumentSymbol, HoverContents,
    InlayHintLabel, Location, MarkupContent, MarkupKind, NumberOrString, Position, Range,
    SymbolKind, TextEdit, Uri, WorkspaceEdit,
};

use super::edits::EditMap;
use super::position::Converter;
use super::snapshot::Snapshot;
use crate::output::rule_docs_url;

pub const SOURCE: &str = "mpi-dtype-lint";

/// A snapshot seen from the document's current text, through one position encoding.
pub struct View<'a> {
    pub snapshot: &'a Snapshot,
    /// Positions in the current text.
    pub convert: Converter<'a>,
    /// Where the analysed text lies in the current one (no edits: it is the current one).
    edits: EditMap,
}

impl<'a> View<'a> {
    /// The view of an analysis of the current text. Diagnostics and code actions are asked
    /// only of such a view: their ranges and edits must be of the text the client has.
    pub fn new(snapshot: &'a Snapshot, encoding: PositionEncoding) -> Self {
        View {
            snapshot,
            convert: Converter {
                index: &snapshot.analysis.line_index,
                encoding,
            },
            edits: EditMap::default(),
        }
    }

    /// The view of an older analysis from the current text (line index `current`), which
    /// `edits` made from the analysed one: what lies in text written since has no answer.
    pub fn latest(
        snapshot: &'a Snapshot,
        encoding: PositionEncoding,
        current: &'a LineIndex,
        edits: EditMap,
    ) -> Self {
        View {
            snapshot,
            convert: Converter {
                index: current,
                encoding,
            },
            edits,
        }
    }

    /// The analysed text's offset of a position in the current text.
    fn analysed_offset(&self, position: Position) -> Option<usize> {
        self.edits.to_analysed(self.convert.offset(position))
    }

    /// The current text's offset of an offset of the analysed text.
    fn current_offset(&self, offset: usize) -> Option<usize> {
        Some(self.edits.to_current(Span::new(offset, offset))?.start)
    }

    /// The current text's range of a span of the analysed text.
    fn current_range(&self, span: Span) -> Option<Range> {
        self.edits.to_current(span).map(|s| self.convert.range(s))
    }

    /// The findings, then where the analysis stopped short (a file cut at its size limit, a
    /// syntax error, a budget), as information at the place with the reason: the code there is
    /// unknown, and no finding comes from it.
    pub fn diagnostics(&self, uri: &Uri) -> Vec<lsp::Diagnostic> {
        let findings = self
            .snapshot
            .diagnostics
            .iter()
            .map(|d| self.diagnostic(uri, d));
        let mut notes: Vec<lsp::Diagnostic> = Vec::new();
        for note in &self.snapshot.analysis.notes {
            let shown = lsp::Diagnostic {
                range: self.convert.range(note.span),
                severity: Some(lsp::DiagnosticSeverity::INFORMATION),
                source: Some(SOURCE.to_owned()),
                message: format!("analysis stopped short: {}", note.message),
                ..lsp::Diagnostic::default()
            };
            if !notes.contains(&shown) {
                notes.push(shown);
            }
        }
        findings.chain(notes).collect()
    }

    /// A finding, with a link to its rule's documentation and the other places it is about.
    fn diagnostic(&self, uri: &Uri, d: &analyzer::checks::Diagnostic) -> lsp::Diagnostic {
        let related = d
            .related
            .iter()
            .map(|r| lsp::DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), self.convert.range(r.span)),
                message: r.message.clone(),
            })
            .collect::<Vec<_>>();
        lsp::Diagnostic {
            range: self.convert.range(d.span),
            severity: Some(match d.severity {
                Severity::Error => lsp::DiagnosticSeverity::ERROR,
                Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
            }),
            code: Some(NumberOrString::String(d.rule.id.to_owned())),
            code_description: rule_docs_url(d.rule.id)
                .parse()
                .ok()
                .map(|href| lsp::CodeDescription { href }),
            source: Some(SOURCE.to_owned()),
            message: d.message.clone(),
            related_information: (!related.is_empty()).then_some(related),
            ..lsp::Diagnostic::default()
        }
    }

    pub fn hover(&self, position: Position) -> Option<lsp::Hover> {
        let offset = self.analysed_offset(position)?;
        let line_of = |at: usize| Some(self.convert.position(self.current_offset(at)?).line + 1);
        let analysis = &self.snapshot.analysis;
        let found =
            ide::hover_in_edited_text(analysis, &self.snapshot.diagnostics, offset, &line_of)?;
        Some(lsp::Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: found.markdown,
            }),
            range: self.current_range(found.span),
        })
    }

    fn workspace_edit(&self, uri: &Uri, edits: &[Edit]) -> WorkspaceEdit {
        let edits = edits
            .iter()
            .map(|e| TextEdit::new(self.convert.range(e.span), e.new_text.clone()))
            .collect();
        WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)]))
    }

    /// The fixes of the findings the range touches, then "generate MPI datatype" when the range
    /// is in a struct declaration.
    pub fn code_actions(&self, uri: &Uri, range: Range) -> Vec<CodeActionOrCommand> {
        let wanted = self.convert.span(range);
        let mut actions = Vec::new();
        for d in &self.snapshot.diagnostics {
            if d.span.end < wanted.start || wanted.end < d.span.start {
                continue;
            }
            for fix in &d.fixes {
                let title = match fix.applicability {
                    Applicability::Safe => fix.title.clone(),
                    Applicability::Unsafe | Applicability::DisplayOnly => {
                        format!("{} (unsafe: review the change)", fix.title)
                    }
                };
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title,
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![self.diagnostic(uri, d)]),
                    edit: Some(self.workspace_edit(uri, &fix.edits)),
                    is_preferred: Some(fix.applicability == Applicability::Safe),
                    ..CodeAction::default()
                }));
            }
        }
        actions.extend(self.fix_all(uri).map(CodeActionOrCommand::CodeAction));
        if let Some(generated) = ide::generate_datatype(&self.snapshot.analysis, wanted.start) {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: generated.title,
                kind: Some(CodeActionKind::REFACTOR),
                edit: Some(self.workspace_edit(uri, &generated.edits)),
                ..CodeAction::default()
            }));
        }
        actions
    }

    /// Every safe fix of the document at once (`source.fixAll`, as on save), applied as the
    /// command line's `--fix` applies them.
    fn fix_all(&self, uri: &Uri) -> Option<CodeAction> {
        let safe: Vec<&analyzer::fix::Fix> = self
            .snapshot
            .diagnostics
            .iter()
            .flat_map(|d| &d.fixes)
            .filter(|f| f.applicability == Applicability::Safe)
            .collect();
        let text = self.snapshot.analysis.text();
        let fixed = analyzer::fix::apply(text, &safe);
        (fixed.applied > 0).then(|| CodeAction {
            title: "Fix all safe mpi-dtype-lint findings".to_owned(),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(
                self.workspace_edit(uri, &[Edit::replace(Span::new(0, text.len()), fixed.text)]),
            ),
            ..CodeAction::default()
        })
    }

    pub fn inlay_hints(&self, range: Range) -> Vec<lsp::InlayHint> {
        let wanted = self.convert.span(range);
        ide::inlay_hints(&self.snapshot.analysis)
            .into_iter()
            .filter_map(|h| {
                let at = self.current_offset(h.offset)?;
                (wanted.start <= at && at <= wanted.end).then_some((h, at))
            })
            .map(|(h, at)| lsp::InlayHint {
                position: self.convert.position(at),
                label: InlayHintLabel::String(h.label),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
            .collect()
    }

    pub fn symbols(&self) -> Vec<DocumentSymbol> {
        ide::type_symbols(&self.snapshot.analysis)
            .into_iter()
            .filter_map(|s| {
                #[allow(deprecated)] // `deprecated` is a required field of the struct
                Some(DocumentSymbol {
                    range: self.current_range(s.span)?,
                    selection_range: self.current_range(s.name_span)?,
                    name: s.name,
                    detail: Some(s.detail),
                    kind: SymbolKind::VARIABLE,
                    tags: None,
                    deprecated: None,
                    children: None,
                })
            })
            .collect()
    }

    pub fn definition(&self, uri: &Uri, position: Position) -> Vec<Location> {
        let Some(offset) = self.analysed_offset(position) else {
            return Vec::new();
        };
        ide::definition(&self.snapshot.analysis, offset)
            .into_iter()
            .filter_map(|span| Some(Location::new(uri.clone(), self.current_range(span)?)))
            .collect()
    }
}
