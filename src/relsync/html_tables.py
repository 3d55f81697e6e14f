"""An HTML ``<table>`` in a Markdown document, read into rows and cells (markdown-it leaves
an HTML block as it is)."""

from __future__ import annotations

from html.parser import HTMLParser


class HtmlTable(HTMLParser):
    """Rows and cells of an HTML ``<table>``, each row with its line offset in the block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[int, list[tuple[str, bool]], bool]] = []
        self._row: list[tuple[str, bool]] | None = None
        self._row_line = 1
        self._cell: list[str] | None = None
        self._cell_header = False
        self._in_head = False
        self._row_header = False

    def handle_starttag(self, tag, attrs):
        if tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._close_row()
            self._row = []
            self._row_line = self.getpos()[0]
            self._row_header = self._in_head
        elif tag in ("td", "th"):
            self._close_cell()
            if self._row is None:
                self._row = []
                self._row_line = self.getpos()[0]
            self._cell = []
            self._cell_header = tag == "th"

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_row()
        elif tag == "thead":
            self._in_head = False
        elif tag == "table":
            self._close_row()

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def _close_cell(self):
        if self._cell is not None and self._row is not None:
            self._row.append((" ".join("".join(self._cell).split()), self._cell_header))
        self._cell = None

    def _close_row(self):
        self._close_cell()
        if self._row:
            header = self._row_header or all(h for _, h in self._row)
            self.rows.append((self._row_line, self._row, header))
        self._row = None

    def close(self):
        super().close()
        self._close_row()
