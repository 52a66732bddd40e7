"""The card-data build, one module per source (tools/build_card_data.py is its entry).

* records — the Ether records (stats, type codes) read into the pool's values;
* spellings — the official spellings (opencard, the set lists) and the multi-side groups;
* official — cards from the official records, names known without facts, ids;
* facts — the facts lines (name-only cards, DM26-RP3);
* transcription — the fan transcription (DM26-EX4);
* merging — one record per card (split records, alias cards, duplicates);
* english — the English join;
* regulation — the regulation research's name lists, zones, more than four copies;
* writer — the sources list, the header and the --report counts;
* builder — the Builder that runs them in order.

The modules import card_checks, english_join, english_names and extra_facts from tools/ (on sys.path).
"""
