//! The modules a unit `USE`s: of this file, or of another file that the resolver finds (the
//! command line and the language server index the modules of the tree). Another file's module
//! is lowered for what `USE` brings: its parameters, kinds, derived types and the declarations
//! of its variables, never its procedures, nor the values its variables start with (any unit
//! of the program may have changed them). Each module is read once per analysis, within one
//! budget of files and bytes; a module that uses itself, directly or not, is not found there.

use std::collections::{HashMap, HashSet};

use tree_sitter::Node;

use super::decl::{Scope, Symbol};
use super::preproc::ItemLowering;
use super::unit::Unseen;
use super::{fortran_name, kinds as k, named_children, FileCtx, Lowerer, SpanMode};
use crate::ir::{Stmt, StmtKind};
use crate::source::{FortranForm, FortranFormOverride, Language, Span};
use crate::syntax::preproc::Macros;
use crate::syntax::{ModuleSource, TextBudget};

/// How many other files one file's analysis reads for the modules it uses, directly or not.
pub const MAX_MODULE_FILES: usize = 256;

/// How many bytes of other files one file's analysis reads for the modules it uses: each is
/// parsed whole, so this bounds the time a chain of large modules takes.
pub const MAX_MODULE_BYTES: usize = 4 << 20;

/// How deep modules of other files use each other.
const MAX_MODULE_DEPTH: usize = 32;

/// The modules an analysis reads from other files, and what it could not find.
pub(super) struct ForeignModules {
    /// The main file's form override, which applies to every Fortran file.
    pub(super) form_override: FortranFormOverride,
    budget: TextBudget,
    /// Modules being read, outermost first.
    loading: Vec<String>,
    /// Modules asked for and not found (or not read): asked once.
    missing: Vec<String>,
    /// Modules were found nested deeper than [`MAX_MODULE_DEPTH`] (told once).
    too_deep: bool,
    /// The resolvers of the files being read, innermost last.
    pub(super) resolvers: Vec<Box<dyn crate::syntax::IncludeResolver>>,
}

impl ForeignModules {
    pub(super) fn new(form_override: FortranFormOverride) -> Self {
        ForeignModules {
            form_override,
            budget: TextBudget::new(MAX_MODULE_FILES, MAX_MODULE_BYTES),
            loading: Vec::new(),
            missing: Vec::new(),
            too_deep: false,
            resolvers: Vec::new(),
        }
    }
}

/// The names of the modules a Fortran file defines (lower case), by a scan of its lines, with
/// no parse: what an index of a tree's modules needs. `MODULE PROCEDURE`, `MODULE SUBROUTINE`
/// and `MODULE FUNCTION` define no module; comments of either form never do.
pub fn module_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        // Fixed form's comment lines start with C or * in column 1: neither starts `MODULE`.
        let code = line.split('!').next().unwrap_or("").trim_start();
        let mut words = code.split(|c: char| c.is_whitespace() || c == ';');
        if !words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("module"))
        {
            continue;
        }
        let Some(name) = words.find(|w| !w.is_empty()) else {
            continue;
        };
        let name = name.to_ascii_lowercase();
        let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if is_name
            && !matches!(name.as_str(), "procedure" | "subroutine" | "function")
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    names
}

/// Where a line of a module file is, for [`specification_parts`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Outside every module.
    Outside,
    /// A module's specification part.
    Specification,
    /// A derived type definition in it (whose `CONTAINS` starts its type-bound procedures).
    TypeDefinition,
    /// A module's procedures, after its `CONTAINS`.
    Procedures,
}

/// The lines of a module file that `USE` needs: the modules' specification parts, and the
/// preprocessor's directives (but the `#include`s among procedures, which would land in the
/// module). What is left out is never lowered for another file's module, and parsing it
/// would cost as much as parsing a whole file; every span of another file is at the `USE`.
fn specification_parts(text: &str, form: FortranForm) -> String {
    let mut kept = String::new();
    let mut part = Part::Outside;
    let mut continued = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(directive) = trimmed.strip_prefix('#') {
            if part != Part::Procedures || !directive.trim_start().starts_with("include") {
                kept.push_str(line);
                kept.push('\n');
            }
            continue;
        }
        let fixed_comment = form == FortranForm::Fixed && line.starts_with(['c', 'C', '*']);
        let fixed_continuation = form == FortranForm::Fixed
            && line.len() > 5
            && line.is_char_boundary(5)
            && line[..5].trim().is_empty()
            && !line[5..].starts_with([' ', '0']);
        let code = line.split('!').next().unwrap_or("");
        let is_continuation = continued || fixed_continuation;
        if !fixed_comment && !code.trim().is_empty() {
            continued = form == FortranForm::Free && code.trim_end().ends_with('&');
        }
        if !fixed_comment && !is_continuation {
            part = next_part(part, &code.trim().to_ascii_lowercase());
        }
        if part != Part::Outside && part != Part::Procedures
            || ends_module(&code.to_ascii_lowercase())
        {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// `END MODULE [name]` (or `ENDMODULE`).
fn ends_module(code: &str) -> bool {
    let words: Vec<&str> = code.split_whitespace().collect();
    matches!(words.as_slice(), ["end", "module", ..] | ["endmodule", ..])
}

/// The part a statement (lower case, without its comment) starts, from the part before it.
fn next_part(part: Part, code: &str) -> Part {
    let mut words = code.split(|c: char| c.is_whitespace() || c == ',' || c == ':');
    let first = words.next().unwrap_or("");
    let second = words.find(|w| !w.is_empty()).unwrap_or("");
    if ends_module(code) {
        return Part::Outside;
    }
    let starts_module = first == "module"
        && !second.is_empty()
        && !matches!(second, "procedure" | "subroutine" | "function");
    match part {
        _ if starts_module => Part::Specification,
        Part::Specification if first == "contains" => Part::Procedures,
        // `TYPE :: t`, `TYPE, BIND(C) :: t`, `TYPE t`; not `TYPE(t) :: x`.
        Part::Specification
            if first == "type" && !code["type".len()..].trim_start().starts_with('(') =>
        {
            Part::TypeDefinition
        }
        Part::TypeDefinition if matches!((first, second), ("end", "type") | ("endtype", _)) => {
            Part::Specification
        }
        part => part,
    }
}

/// What one `USE` statement asks for.
struct UseList {
    module: String,
    /// The names of its `ONLY` list (as the module spells them), if it has one.
    only: Option<Vec<String>>,
    /// `local => remote` renames.
    renames: Vec<(String, String)>,
}

impl UseList {
    /// Whether the statement makes the module's `name` visible under that name.
    fn brings(&self, name: &str) -> bool {
        let renamed = self.renames.iter().any(|(_, remote)| remote == name);
        match &self.only {
            Some(only) => only.iter().any(|n| n == name),
            None => !renamed,
        }
    }

    /// The local names the statement may make visible from a module that was not read.
    fn local_names(&self) -> Option<Vec<String>> {
        let only = self.only.as_ref()?;
        let renamed = self.renames.iter().map(|(local, _)| local.clone());
        Some(only.iter().cloned().chain(renamed).collect())
    }
}

impl<'a> Lowerer<'a> {
    fn use_list(&self, node: Node) -> Option<UseList> {
        let module = named_children(node).find(|c| c.kind() == k::MODULE_NAME)?;
        let mut list = UseList {
            module: fortran_name(self.text(module)),
            only: None,
            renames: Vec::new(),
        };
        let mut only = None;
        for child in named_children(node) {
            let items = match child.kind() {
                k::INCLUDED_ITEMS => {
                    only = Some(Vec::new());
                    named_children(child).collect()
                }
                k::USE_ALIAS => vec![child],
                _ => continue,
            };
            for item in items {
                match item.kind() {
                    k::IDENTIFIER => only
                        .get_or_insert_with(Vec::new)
                        .push(fortran_name(self.text(item))),
                    k::USE_ALIAS => {
                        let mut parts = named_children(item);
                        if let (Some(local), Some(remote)) = (parts.next(), parts.next()) {
                            list.renames.push((
                                fortran_name(self.text(local)),
                                fortran_name(self.text(remote)),
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        list.only = only;
        Some(list)
    }

    /// A module: its variables are globals, its procedures functions.
    pub(super) fn module(&mut self, node: Node) {
        if !self.enter(node) {
            return;
        }
        let name = named_children(node)
            .find(|c| c.kind() == k::MODULE_STATEMENT)
            .and_then(|s| named_children(s).find(|c| c.kind() == k::NAME))
            .map(|n| fortran_name(self.text(n)));
        let scope = Scope {
            unseen: self.unseen_around(),
            ..Scope::new(self.kinds)
        };
        // Loops lowered at module scope (in a conditional group) are numbered from it.
        if self.scopes.is_empty() && !self.foreign {
            self.loop_counter = 0;
        }
        self.scopes.push(scope);
        let reads = self.start_module_reads();
        let mut body = Vec::new();
        let mut procedures = None;
        for child in named_children(node) {
            match child.kind() {
                k::MODULE_STATEMENT | k::END_MODULE_STATEMENT => {}
                k::INTERNAL_PROCEDURES => procedures = Some(child),
                _ => self.lower_item(child, &mut body),
            }
        }
        let key = self.module_key(node, procedures, reads);
        let commons = self.common_declarations();
        let scope = self.scope().clone();
        if self.foreign {
            // Another file's module: its variables' declarations, not the values they start
            // with (other units may change them), nor its procedures.
            self.program
                .globals
                .extend(
                    commons
                        .into_iter()
                        .chain(scope.decls(&|_| true))
                        .map(|mut stmt| {
                            if let StmtKind::Decl(decl) = &mut stmt.kind {
                                if !decl.constant {
                                    decl.init = None;
                                }
                            }
                            stmt
                        }),
                );
        } else {
            let span = self.span(node);
            self.program.fortran_modules.push((span, scope.mpi));
            self.program.globals.extend(commons);
            self.program.globals.extend(scope.decls(&|_| true));
            self.program.globals.extend(scope.data.iter().cloned());
            self.program.globals.extend(body);
            if let Some(procedures) = procedures {
                self.module_procedures(procedures, key);
            }
        }
        if let Some(name) = name {
            self.module_defined(&name, key);
            self.modules.insert(name, scope);
        }
        self.scopes.pop();
        self.leave();
    }

    /// The procedures after `CONTAINS`, and the directives around them: a module's (`host`
    /// `None`: its variables are globals), or those of the program or procedure `host`.
    pub(super) fn internal_procedures(&mut self, node: Node, host: Option<&str>) {
        let outer = std::mem::replace(&mut self.host, host.map(str::to_owned));
        let mut stray = Vec::new();
        for child in named_children(node) {
            self.top_item(child, &mut stray);
        }
        self.host = outer;
    }

    /// `USE m [, ONLY: ...] [, local => remote]`: the module's symbols become visible (all, or
    /// those listed, renamed as written); those of a module not found may be declared there.
    pub(super) fn use_statement(&mut self, node: Node) {
        let Some(list) = self.use_list(node) else {
            return;
        };
        let name = list.module.as_str();
        let f08 = name.eq_ignore_ascii_case("mpi_f08");
        if f08 || name.eq_ignore_ascii_case("mpi") {
            let mpi = &mut self.scope().mpi;
            mpi.address_kind |= list.brings("MPI_ADDRESS_KIND");
            mpi.f08 |= f08;
            return;
        }
        // The names of the intrinsic modules are known to the evaluator.
        if name == "iso_fortran_env" || name == "iso_c_binding" {
            return;
        }
        let at = self.span(node);
        if !self.module_known(name, at) {
            let names = list.local_names();
            self.scope().unseen.add(names.as_deref());
            return;
        }
        let Some(module) = self.modules.get(name) else {
            return;
        };
        let mut unseen = Unseen::Nothing;
        unseen.add_from(&module.unseen, list.only.as_deref());
        let mut imported: Vec<(String, Symbol)> = module
            .symbols
            .iter()
            .chain(module.imported.iter())
            .filter(|(n, _)| list.brings(n))
            .map(|(n, s)| (n.clone(), s.clone()))
            .collect();
        let mut renames = HashMap::new();
        for (local, remote) in &list.renames {
            let symbol = module
                .symbols
                .get(remote)
                .or_else(|| module.imported.get(remote));
            // The module's own renames reach through: its local name is another's.
            let original = module.renames.get(remote).unwrap_or(remote);
            match symbol {
                Some(symbol) => imported.push((local.clone(), symbol.clone())),
                None if module.unseen.may_declare(remote) => {
                    unseen.add(Some(std::slice::from_ref(local)))
                }
                None => continue,
            }
            renames.insert(local.clone(), original.clone());
        }
        let through: Vec<(String, String)> = module
            .renames
            .iter()
            .filter(|(local, _)| list.brings(local))
            .map(|(l, r)| (l.clone(), r.clone()))
            .collect();
        let (address_kind, f08) = (
            module.mpi.address_kind && list.brings("MPI_ADDRESS_KIND"),
            module.mpi.f08,
        );
        let scope = self.scope();
        scope.imported.extend(imported);
        scope.renames.extend(through);
        scope.renames.extend(renames);
        scope.unseen.add_from(&unseen, None);
        scope.mpi.address_kind |= address_kind;
        scope.mpi.f08 |= f08;
    }

    /// The name a renamed module entity has in the module (`Some(Some(..))`), or `Some(None)`
    /// when the units being lowered name something else so (a local, declared or not), which
    /// would hide it from the evaluator; `None` when `name` is no rename.
    pub(super) fn renamed(&self, name: &str) -> Option<Option<String>> {
        let scope = self
            .scopes
            .iter()
            .rev()
            .find(|s| s.symbols.contains_key(name) || s.renames.contains_key(name))?;
        let remote = scope.renames.get(name)?;
        let hidden = self.scopes.iter().any(|s| {
            s.symbols.contains_key(remote)
                || s.named.contains(remote)
                || s.undeclared.contains(remote)
        });
        Some((!hidden).then(|| remote.clone()))
    }

    /// True when module `name` is known: of this file, or read now from the file the resolver
    /// names (at most once per analysis).
    fn module_known(&mut self, name: &str, at: Span) -> bool {
        if self.modules.contains_key(name) {
            self.module_read(name);
            return true;
        }
        self.memo_asked();
        let foreign = &self.foreign_modules;
        if foreign.missing.iter().any(|n| n == name) || foreign.loading.iter().any(|n| n == name) {
            return false;
        }
        if foreign.loading.len() >= MAX_MODULE_DEPTH {
            if !std::mem::replace(&mut self.foreign_modules.too_deep, true) {
                let message = format!(
                    "module `{name}` not read: modules of other files use each other more than \
                     {MAX_MODULE_DEPTH} deep; what it declares is unknown"
                );
                self.note(at, message);
            }
            return false;
        }
        self.foreign_modules.missing.push(name.to_owned());
        if self.foreign_modules.budget.exhausted() {
            self.note_module_budget(name, at);
            return false;
        }
        let source = self.resolver().module(name);
        self.memo_resolved(&(name, source.as_ref().map(|s| (&s.text, s.language))));
        let Some(source) = source else {
            return false;
        };
        let Language::Fortran { form, preprocessed } = source
            .language
            .with_form_override(self.foreign_modules.form_override)
        else {
            return false;
        };
        if !self.foreign_modules.budget.take(source.text.len()) {
            self.note_module_budget(name, at);
            return false;
        }
        self.lower_module_file(name, source, form, preprocessed, at);
        let known = self.modules.contains_key(name);
        if known {
            self.foreign_modules.missing.retain(|n| n != name);
        }
        known
    }

    fn note_module_budget(&mut self, name: &str, at: Span) {
        let note = self.foreign_modules.budget.refusal_note(|| {
            format!(
                "module `{name}` and every module after it not read: the modules this file \
                 uses bring more than {MAX_MODULE_FILES} files or {} MiB in all; what they \
                 declare is unknown",
                MAX_MODULE_BYTES >> 20
            )
        });
        if let Some(note) = note {
            self.note(at, note);
        }
    }

    /// Lowers the modules of another file (for module `name`), every span at `at`, in a
    /// context of their own: that file's form, its own macros, no enclosing unit.
    fn lower_module_file(
        &mut self,
        name: &str,
        source: ModuleSource,
        form: FortranForm,
        preprocessed: bool,
        at: Span,
    ) {
        // The file's own cpp: the `-D` definitions and what it includes itself.
        let macros = if preprocessed {
            super::preproc::command_line_macros(&self.defines)
        } else {
            Macros::default()
        };
        let mut includes = source.includes;
        let decided = preprocessed
            .then(|| {
                let mut include = |name: &str| includes.resolve(name);
                super::conditionals::resolve(&source.text, &macros, &mut include, Some(form))
            })
            .flatten();
        let text = decided.as_ref().map_or(&*source.text, |d| d.text.as_str());
        let specifications = specification_parts(text, form);
        let text = super::super::parsed_prefix(
            &specifications,
            super::super::MAX_PARSED_BYTES,
            super::ends_unit,
        );
        let saved_form = std::mem::replace(&mut self.form, form);
        let Some((tree, parsed, _)) = self.parse(text) else {
            self.form = saved_form;
            return;
        };
        let saved = Context {
            file: std::mem::replace(
                &mut self.file,
                FileCtx {
                    text: parsed,
                    spans: SpanMode::At(at),
                },
            ),
            form: saved_form,
            preprocessed: std::mem::replace(&mut self.preprocessed, preprocessed),
            macros: std::mem::replace(&mut self.macros, macros),
            scopes: std::mem::take(&mut self.scopes),
            unseen_at_file_scope: std::mem::replace(&mut self.unseen_at_file_scope, false),
            foreign: std::mem::replace(&mut self.foreign, true),
        };
        self.foreign_modules.loading.push(name.to_owned());
        self.foreign_modules.resolvers.push(includes);
        let mut stray = Vec::new();
        for child in named_children(tree.root_node()) {
            self.module_file_item(child, &mut stray);
        }
        self.foreign_modules.resolvers.pop();
        self.foreign_modules.loading.pop();
        self.file = saved.file;
        self.form = saved.form;
        self.preprocessed = saved.preprocessed;
        self.macros = saved.macros;
        self.scopes = saved.scopes;
        self.unseen_at_file_scope = saved.unseen_at_file_scope;
        self.foreign = saved.foreign;
    }

    /// One item at the top of another file: its modules, and the directives around them.
    fn module_file_item(&mut self, node: Node, out: &mut Vec<Stmt>) {
        let lowering: ItemLowering<'a> = Self::module_file_item;
        match node.kind() {
            k::MODULE => self.module(node),
            k::INCLUDE_STATEMENT => self.include_statement(node, out, lowering),
            k::PREPROC_IF
            | k::PREPROC_IFDEF
            | k::PREPROC_DEF
            | k::PREPROC_FUNCTION_DEF
            | k::PREPROC_CALL
            | k::PREPROC_INCLUDE => self.preproc(node, out, lowering),
            _ => {}
        }
    }
}

/// The names a unit's statements (those of its internal procedures too) write, its `USE`
/// statements aside: a rename's module name among them may be a local that hides the entity.
pub(super) fn names_outside_use(node: Node, text: &str) -> HashSet<String> {
    let mut names = HashSet::new();
    super::visit_nodes(node, |n| {
        if n.kind() == k::IDENTIFIER {
            if let Some(t) = text.get(n.start_byte()..n.end_byte()) {
                names.insert(fortran_name(t));
            }
        }
        n.kind() != k::USE_STATEMENT
    });
    names
}

/// What lowering another file's modules replaces, restored after it.
struct Context {
    file: FileCtx,
    form: FortranForm,
    preprocessed: bool,
    macros: Macros<String>,
    scopes: Vec<Scope>,
    unseen_at_file_scope: bool,
    foreign: bool,
}
