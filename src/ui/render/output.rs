//! The command's results on stdout (text, data, tables, a balance test) and the files
//! it wrote.

use crate::events::Event;
use crate::text;
use crate::ui::Ui;

impl Ui {
    pub(super) fn render_output(&self, event: Event) {
        match event {
            Event::Result { text } => self.result(&text),
            Event::Data { value } => {
                let text =
                    serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
                self.result(&text);
            }
            Event::Table {
                columns,
                rows,
                right,
            } => {
                // Cells come from outside (UpGrade): one line each, inert.
                let cells = |row: Vec<String>| -> Vec<String> {
                    row.iter()
                        .map(|c| text::inert_line(c).into_owned())
                        .collect()
                };
                let mut all = vec![cells(columns)];
                all.extend(rows.into_iter().map(cells));
                // A blank line sets a table apart from the text above it.
                self.result(&format!("\n{}", text::table(&all, &right)));
            }
            Event::BalanceTest {
                users,
                unassigned,
                failed,
                concurrency,
                ms,
                conditions,
                chi_square,
                df,
                p_value,
                ..
            } => self.result(&format!(
                "\n{}",
                text::balance_test(
                    users,
                    unassigned,
                    failed,
                    concurrency,
                    ms,
                    &conditions,
                    chi_square,
                    df,
                    p_value,
                )
            )),
            Event::Wrote { path, what } => {
                let what = if what.is_empty() {
                    String::new()
                } else {
                    format!(
                        "  {}",
                        console::style(format!("({})", text::inert_line(&what))).dim()
                    )
                };
                self.done(&format!(
                    "wrote {}{what}",
                    text::inert_line(&text::near(&path))
                ));
            }
            _ => {}
        }
    }
}
