//! The analyzer's findings and `ide` queries as LSP values, for one snapshot.

use std::collections::HashMap;

use analyzer::checks::Severity;
use analyzer::fix::{Applicability, Edit};
use analyzer::ide;
use analyzer::source::PositionEncoding;
use analyzer::source::Span;
use tower_lsp_server::ls_types::{
    self as lsp, CodeAction, CodeActionKind, CodeActionOrCommand, DocumentSymbol, HoverContents,
    InlayHintLabel, Location, MarkupContent, MarkupKind, NumberOrString, Position, Range,
    SymbolKind, TextEdit, Uri, WorkspaceEdit,
};

use super::position::Converter;
use super::snapshot::Snapshot;
use crate::output::rule_docs_url;

pub const SOURCE: &str = "mpi-dtype-lint";

/// A snapshot seen through one position encoding.
pub struct View<'a> {
    pub snapshot: &'a Snapshot,
    pub convert: Converter<'a>,
}

impl<'a> View<'a> {
    pub fn new(snapshot: &'a Snapshot, encoding: PositionEncoding) -> Self {
        View {
            snapshot,
            convert: Converter {
                index: &snapshot.analysis.line_index,
                encoding,
            },
        }
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
        let offset = self.convert.offset(position);
        let found = ide::hover(&self.snapshot.analysis, &self.snapshot.diagnostics, offset)?;
        Some(lsp::Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: found.markdown,
            }),
            range: Some(self.convert.range(found.span)),
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
            .filter(|h| wanted.start <= h.offset && h.offset <= wanted.end)
            .map(|h| lsp::InlayHint {
                position: self.convert.position(h.offset),
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
            .map(|s| {
                #[allow(deprecated)] // `deprecated` is a required field of the struct
                DocumentSymbol {
                    name: s.name,
                    detail: Some(s.detail),
                    kind: SymbolKind::VARIABLE,
                    tags: None,
                    deprecated: None,
                    range: self.convert.range(s.span),
                    selection_range: self.convert.range(s.name_span),
                    children: None,
                }
            })
            .collect()
    }

    pub fn definition(&self, uri: &Uri, position: Position) -> Vec<Location> {
        let offset = self.convert.offset(position);
        ide::definition(&self.snapshot.analysis, offset)
            .into_iter()
            .map(|span| Location::new(uri.clone(), self.convert.range(span)))
            .collect()
    }
}
