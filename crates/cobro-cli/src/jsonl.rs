//! `cobro validate <KIND> --jsonl FILE`: one body per line, each judged and printed as
//! soon as it is read, in memory bounded by one body, however long the input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::Path;

use cobro::{Kind, ValidateOptions};
use indicatif::{ProgressBar, ProgressStyle};

use crate::input::{BODY_LIMITS, set_body_size};
use crate::outcome::{CliError, Verdict};
use crate::report_text::write_jsonl_result;

/// Input read at a time. Large enough that a refill (a read system call, and a flush of
/// the results before it) is rare next to the work of judging the lines it brings.
const READ_BUFFER_BYTES: usize = 64 * 1024;

/// Results written at a time, for the same reason.
const WRITE_BUFFER_BYTES: usize = 64 * 1024;

/// `--jsonl FILE` (or `-`): one result per non-blank line (numbered as in the file), then
/// a summary; invalid when any body is invalid. A line longer than the body limit is that
/// line's ERR_BODY_TOO_LARGE, and reading goes on at the next line.
pub fn run(kind: Kind, path: &Path, options: &ValidateOptions<'_>, json: bool) -> Result<Verdict, CliError> {
    let (source, size, name): (Box<dyn Read>, Option<u64>, String) = if path == Path::new("-") {
        (Box::new(io::stdin().lock()), None, "standard input".to_string())
    } else {
        let file = File::open(path).map_err(|e| {
            CliError::new(format!(
                "cannot read {}: {e}; check the path (or pass - to read standard input)",
                path.display()
            ))
        })?;
        let size = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        (Box::new(file), size, path.display().to_string())
    };
    let mut lines = Lines::new(source, name);
    let bar = progress_bar(size);
    // When stdout is a terminal too, each result is written between two redraws of the
    // bar; otherwise results are buffered and the bar redraws at its own rate.
    let interleave = bar.is_some() && io::stdout().is_terminal();
    let mut out = BufWriter::with_capacity(WRITE_BUFFER_BYTES, io::stdout().lock());
    let (mut total, mut valid) = (0usize, 0usize);
    // Results are flushed whenever the input runs dry, before waiting for more: whoever
    // feeds a pipe line by line reads each result before sending the next line, and a
    // large file still costs one write per buffer, not one per line.
    while let Some(line) = lines.next(&mut out)? {
        let mut report = cobro::validate(kind, line.bytes, options);
        if line.size > line.bytes.len() as u64 {
            set_body_size(&mut report, line.size);
        }
        total += 1;
        if report.valid {
            valid += 1;
        }
        write_jsonl_result(&mut out, line.number, &report, json)?;
        if let Some(bar) = &bar {
            if interleave {
                bar.suspend(|| out.flush())?;
            }
            match size {
                Some(_) => bar.set_position(line.end),
                None => bar.inc(1),
            }
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let invalid = total - valid;
    if json {
        writeln!(
            out,
            "{{\"summary\":{{\"total\":{total},\"valid\":{valid},\"invalid\":{invalid}}}}}"
        )?;
    } else {
        writeln!(out, "{total} bodies: {valid} valid, {invalid} invalid")?;
    }
    out.flush()?;
    Ok(if invalid == 0 { Verdict::Ok } else { Verdict::Invalid })
}

/// One non-blank line of the input.
struct Line<'a> {
    /// 1-based, counting blank lines too.
    number: usize,
    /// The line without its newline, cut at [`cobro::Limits::read_at_most`] bytes of
    /// [`BODY_LIMITS`]: enough for the core to refuse it as too large.
    bytes: &'a [u8],
    /// The line's whole length.
    size: u64,
    /// Where the line ends in the input (for the progress bar).
    end: u64,
}

/// Splits the input on `\n`, holding at most one body's worth of a line.
struct Lines<R> {
    reader: BufReader<R>,
    /// The input's name, for read errors.
    name: String,
    line: Vec<u8>,
    number: usize,
    /// Bytes consumed so far (for the progress bar).
    offset: u64,
    done: bool,
}

impl<R: Read> Lines<R> {
    fn new(source: R, name: String) -> Self {
        Lines {
            reader: BufReader::with_capacity(READ_BUFFER_BYTES, source),
            name,
            line: Vec::new(),
            number: 0,
            offset: 0,
            done: false,
        }
    }

    /// The next non-blank line, or `None` at the end of the input. `out` is flushed
    /// whenever the input buffer is empty, before a read that may block.
    fn next(&mut self, out: &mut impl Write) -> Result<Option<Line<'_>>, CliError> {
        loop {
            if self.done {
                return Ok(None);
            }
            self.line.clear();
            let mut size = 0u64;
            let mut ended = false;
            // Whether the bytes past the kept ones (an over-long line) are all blank.
            let mut rest_blank = true;
            while !ended {
                if self.reader.buffer().is_empty() {
                    out.flush()?;
                }
                let name = &self.name;
                let buf = self
                    .reader
                    .fill_buf()
                    .map_err(|e| CliError::new(format!("cannot read {name}: {e}; check the input")))?;
                if buf.is_empty() {
                    self.done = true;
                    break;
                }
                let (chunk, consumed) = match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        ended = true;
                        (buf.get(..i).unwrap_or_default(), i + 1)
                    }
                    None => (buf, buf.len()),
                };
                let room = BODY_LIMITS.read_at_most().saturating_sub(self.line.len());
                let (kept, rest) = chunk.split_at(chunk.len().min(room));
                self.line.extend_from_slice(kept);
                rest_blank = rest_blank && is_blank(rest);
                size += chunk.len() as u64;
                self.reader.consume(consumed);
                self.offset += consumed as u64;
            }
            if !ended && size == 0 {
                return Ok(None);
            }
            self.number += 1;
            if rest_blank && is_blank(&self.line) {
                continue;
            }
            return Ok(Some(Line {
                number: self.number,
                bytes: &self.line,
                size,
                end: self.offset,
            }));
        }
    }
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// A progress bar on stderr, only when stderr is a terminal (never in pipes or CI logs):
/// bytes of a file, or a count of bodies from a pipe, whose length is unknown.
fn progress_bar(size: Option<u64>) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let (bar, template) = match size {
        Some(len) => (
            ProgressBar::new(len),
            "{bar:40} {binary_bytes}/{binary_total_bytes} ({eta})",
        ),
        None => (ProgressBar::new_spinner(), "{spinner} {pos} bodies"),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    Some(bar)
}
