"""The engine's sentences for players, in English and Dutch (the manual's languages).

Explanations of refused moves (:mod:`~militakiri.explain`, R24), of
refused set-up fields (:mod:`~militakiri.draft`) and every error the engine
raises (:mod:`~militakiri.errors`: links, records, position strings, ...)
are made with :func:`text`. What comes back is a :class:`Text`: it *is* the
English sentence (a ``str``, so printing, comparing and the command line
read English) and it can also say itself in another language:

>>> from militakiri.pieces import WHITE
>>> why = text("no_piece", square="c4")
>>> why
'there is no piece on c4'
>>> why.say("nl")
'er staat geen stuk op c4'
>>> text("not_yours", square="b5", piece=piece_word(1, 1, 1), player=color_word(WHITE)).say("nl")
'op b5 staat een kruispion van Blauw; Rood is aan zet'

Arguments are plain values (squares, numbers, notation), other Texts (words
such as a color or a piece, said in the same language) or :class:`Join`
(a list said as "a, b and c" in each language). Exceptions raised with such
a sentence keep it as ``error.reason``.

Every key has a template per language in :data:`CATALOGUE` with the same
placeholders (a test checks). Add a language by adding its code to
:data:`LANGUAGES` and a template to every entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Iterable

LANGUAGES = ("en", "nl")

#: key -> (English, Dutch).
CATALOGUE: dict[str, tuple[str, str]] = {
    # Words ------------------------------------------------------------------
    "color_0": ("Red", "Rood"),
    "color_1": ("Blue", "Blauw"),
    "shape_0": ("star", "ster"),
    "shape_1": ("cross", "kruis"),
    "shape_2": ("plus", "plus"),
    "tower_of": ("{shape} tower", "{shape}toren"),
    "towers_of": ("{shape} towers", "{shape}torens"),
    "pawn_of": ("{shape} pawn", "{shape}pion"),
    "rank_of": ("{shape} rank {height}", "{shape}rang {height}"),
    "owned": ("{color} {piece}", "{piece} van {color}"),
    "zone": ("{player}'s set-up zone (ranks {first}-{last})",
             "de opstelzone van {player} (rijen {first}-{last})"),
    "orthogonally": ("orthogonally", "recht"),
    "diagonally": ("diagonally", "diagonaal"),
    # Why a move is refused (explain.py, R24) ---------------------------------
    "no_waiting": ("{player} has no waiting tower to place now (R15)",
                   "{player} heeft nu geen wachtende toren om te plaatsen (R15)"),
    "must_place_waiting": (
        "{player} must first place {n} waiting tower(s) on empty fields of {zone}, "
        "written '@field,' before the move (R15)",
        "{player} moet eerst {n} wachtende toren(s) op lege velden van {zone} plaatsen, "
        "geschreven '@veld,' vóór de zet (R15)"),
    "same_field_twice": ("two waiting towers cannot go on the same field (R15)",
                         "twee wachtende torens kunnen niet op hetzelfde veld (R15)"),
    "waiting_field": ("a waiting tower goes on an empty field of {zone}; {square} is not (R15)",
                      "een wachtende toren komt op een leeg veld van {zone}; {square} is dat niet (R15)"),
    "no_piece": ("there is no piece on {square}", "er staat geen stuk op {square}"),
    "not_yours": ("{square} holds a {piece}; it is {player}'s move",
                  "op {square} staat een {piece}; {player} is aan zet"),
    "no_passing": ("a piece must leave its field; there is no passing (R9)",
                   "een stuk moet zijn veld verlaten; passen kan niet (R9)"),
    "not_in_line": ("{target} is not on a straight line from {origin}",
                    "{target} ligt niet op een rechte lijn vanaf {origin}"),
    "own_piece_there": ("{target} is occupied by your own {piece}",
                        "op {target} staat je eigen {piece}"),
    "write_take": ("{target} is occupied: a take is written {origin}x{target}",
                   "{target} is bezet: een slag schrijf je {origin}x{target}"),
    "nothing_to_take": ("there is nothing to take on {target}: a move is written {origin}-{target}",
                        "op {target} valt niets te nemen: een zet schrijf je {origin}-{target}"),
    "take_own": ("you cannot take your own {piece} (R9)",
                 "je kunt je eigen {piece} niet nemen (R9)"),
    "direction_move": ("a {piece} moves {right}, not {wrong} (R7)",
                       "een {piece} beweegt {right}, niet {wrong} (R7)"),
    "direction_take": ("a {piece} takes {right}, not {wrong} (R7)",
                       "een {piece} neemt {right}, niet {wrong} (R7)"),
    "endgame_one_field": ("under the endgame rule every piece moves and takes 1 field only (R16)",
                          "onder de eindspelregel beweegt en neemt elk stuk maar 1 veld (R16)"),
    "too_far_one": ("a {piece} moves and takes at most 1 field (R8)",
                    "een {piece} beweegt en neemt hoogstens 1 veld (R8)"),
    "too_far": ("a {piece} moves and takes at most {n} fields (R8)",
                "een {piece} beweegt en neemt hoogstens {n} velden (R8)"),
    "in_the_way": ("{square} is in the way: nothing jumps (R8)",
                   "{square} staat in de weg: niets springt (R8)"),
    "only_take_promotes": ("only a take can promote (R13)",
                           "alleen een slag kan promoveren (R13)"),
    "blockade": ("this would leave {player}'s lone tower without a move: a blockade is never allowed (R18)",
                 "dan kan de laatste toren van {player} niet meer zetten: een blokkade is nooit toegestaan (R18)"),
    "not_allowed": ("that move is not allowed here", "die zet is hier niet toegestaan"),
    "no_promotion": ("this take does not promote; leave off the '=' part (R13)",
                     "deze slag promoveert niet; laat het '='-deel weg (R13)"),
    "promote_add_field": (
        "this take promotes to a {tower}: add '={letter}@field' with an empty field of {zone} (R13)",
        "deze slag promoveert tot een {tower}: voeg '={letter}@veld' toe met een leeg veld van {zone} (R13)"),
    "promote_must_wait": ("this take promotes and the tower must wait: write '={letter}' (R15)",
                          "deze slag promoveert en de toren moet wachten: schrijf '={letter}' (R15)"),
    "promote_written": ("this take promotes to a {tower}, written '={letter}' (R13)",
                        "deze slag promoveert tot een {tower}, geschreven '={letter}' (R13)"),
    "promote_place": ("a field of {zone} is free, so the new tower must be placed: add '@field' (R13)",
                      "er is een veld van {zone} vrij, dus de nieuwe toren moet geplaatst worden: "
                      "voeg '@veld' toe (R13)"),
    "promote_no_field": ("no field of {zone} is free: the tower waits, write '={letter}' (R15)",
                         "geen veld van {zone} is vrij: de toren wacht, schrijf '={letter}' (R15)"),
    "promote_bad_field": ("the new tower goes on an empty field of {zone}; {square} is not (R13)",
                          "de nieuwe toren komt op een leeg veld van {zone}; {square} is dat niet (R13)"),
    # Why a set-up field is refused (draft.py, R3-R5) -------------------------
    "outside_zone": ("{square} is not in {player}'s set-up zone: towers stand on ranks {rows} (R4)",
                     "{square} ligt niet in de opstelzone van {player}: torens staan op de rijen {rows} (R4)"),
    "tower_already_there": ("your {tower} already stands on {square}",
                            "je {tower} staat al op {square}"),
    "one_tower_placed": ("you have one {tower} and it stands on {placed} (R3)",
                         "je hebt één {tower} en die staat op {placed} (R3)"),
    "both_towers_placed": ("both your {towers} stand on {placed} already (R3)",
                           "je beide {towers} staan al op {placed} (R3)"),
    "side_by_side": ("{square} is next to your {tower} on {other}: no two towers may stand "
                     "side by side at the start (R5)",
                     "{square} ligt naast je {tower} op {other}: bij de beginopstelling mogen "
                     "geen twee torens naast elkaar staan (R5)"),
    # A set-up row is said as the player sees it ("your third row") beside
    # the rank the board labels it with (Black's third row is rank 10, R2).
    "alternate": ("rank {rank} (your {nth} row) alternates cross and plus fields, and each {tower} stands on a "
                  "{shape} field: with your {tower} on {other}, {square} is a {other_shape} field (R4)",
                  "rij {rank} (je {nth} rij) wisselt kruis- en plusvelden af, en elke {tower} staat op een "
                  "{shape}veld: met je {tower} op {other} is {square} een {other_shape}veld (R4)"),
    "nth_1": ("first", "eerste"),
    "nth_2": ("second", "tweede"),
    "nth_3": ("third", "derde"),
    "still_to_place_one": ("{player} still has to place the {shapes} tower (R4)",
                           "{player} moet nog de {shapes}toren plaatsen (R4)"),
    "still_to_place": ("{player} still has to place the {shapes} towers (R4)",
                       "{player} moet nog torens plaatsen: {shapes} (R4)"),
    "nothing_to_remove": ("there is no tower of yours on {square} to take back",
                          "op {square} staat geen toren van jou om terug te nemen"),
    # Why a task failed (goals.py) --------------------------------------------
    "goal_lost": ("the game is lost: the task failed (R19, R20)",
                  "de partij is verloren: de opdracht is mislukt (R19, R20)"),
    "goal_drawn": ("the game ended in a draw before the task was done (R17)",
                   "de partij eindigde in gelijkspel voordat de opdracht klaar was (R17)"),
    "goal_over": ("the game is over before the task was done",
                  "de partij is voorbij voordat de opdracht klaar was"),
    "goal_taken": ("one of your towers was taken",
                   "een van je torens werd genomen"),
    "goal_not_the_line": ("that is not the puzzle's move",
                          "dat is niet de zet van de puzzel"),
    "goal_not_in_one": ("that move is legal, but it does not do the task: look at the position again",
                        "die zet mag, maar doet de opdracht niet: kijk nog eens naar de stelling"),
    "goal_out_of_moves": ("the task is not done within {n} of your moves",
                          "de opdracht is niet gelukt binnen {n} zetten van jou"),
    "goal_other_move": ("that move is legal, but this task asks for another one",
                        "die zet mag, maar deze opdracht vraagt een andere"),
    "mistake_again": ("{move} is the move played in the game: find another",
                      "{move} is de zet uit de partij: zoek een andere"),
    "mistake_weighed": ("{move} keeps {kept} % winning chances; the best move keeps {best} %",
                        "{move} houdt {kept} % winstkansen; de beste zet houdt {best} %"),
    # What a review says of a marked move (ai/review.py) -----------------------
    "review_last_tower": ("{move} lost {player}'s last tower: {reply} follows.",
                          "{move} kostte de laatste toren van {player}: {reply} volgt."),
    "review_lost_game": ("{move} lost the game: {reply} follows.",
                         "{move} verloor de partij: {reply} volgt."),
    "review_lost_piece": ("{move} lost a {piece}: {reply} follows.",
                          "{move} kostte een {piece}: {reply} volgt."),
    "review_chances": ("After {move}, {player}'s winning chances fell from {before} % to {after} %.",
                       "Na {move} zakten de winstkansen van {player} van {before} % naar {after} %."),
    "review_turning": ("The turning point. {said}", "Het keerpunt. {said}"),
    "review_with_better": ("{said} {better}", "{said} {better}"),
    "review_better": ("Better was {best}.", "Beter was {best}."),
    "review_better_wins": ("Better was {best}, which wins.", "Beter was {best}, dat wint."),
    "review_better_takes": ("Better was {best}, which takes a {piece}.",
                            "Beter was {best}, dat een {piece} slaat."),
    # Refused input (errors.py): what the command line says in English and a
    # page in its language. "{value}" is an excerpt of the input, quoted.
    "at_line": ("line {line}, column {column}: {message}", "regel {line}, kolom {column}: {message}"),
    "must_be_text": ("{what} must be text, not {value}", "{what}: dit moet tekst zijn, niet {value}"),
    "must_be_index": ("{what} must be a whole number from {low} to {high}, not {value}",
                      "{what}: dit moet een geheel getal van {low} tot {high} zijn, niet {value}"),
    "not_a_player": ("a player must be 0 (Red) or 1 (Blue), not {value}",
                     "een speler is 0 (Rood) of 1 (Blauw), niet {value}"),
    "not_whole_number": ("{what} {value} is not a whole number from {low} to {high}",
                         "{what}: {value} is geen geheel getal van {low} tot {high}"),
    "not_a_number": ("{what} {value} is not a number from {low} to {high}",
                     "{what}: {value} is geen getal van {low} tot {high}"),
    # What an input is ("{what}" above).
    "n_dice": ("dice", "de dobbelstenen"),
    "n_setup_row": ("a set-up row", "een rij van de opstelling"),
    "n_square_name": ("a square's name", "de naam van een veld"),
    "n_file_letter": ("a file's letter", "de letter van een lijn"),
    "n_rank": ("a rank", "een rij"),
    "n_player": ("a player", "een speler"),
    "n_square_of": ("a square of the {board}", "een veld van het {board}"),
    "n_file_of": ("a file of the {board}", "een lijn van het {board}"),
    "n_board_name": ("a board's name", "de naam van een bord"),
    "board_single": ("single board", "enkele bord"),
    "board_double": ("double board", "dubbele bord"),
    "board_single_earlier": ("earlier {rows}-rank single board", "eerdere enkele bord met {rows} rijen"),
    "board_double_earlier": ("earlier {rows}-rank double board", "eerdere dubbele bord met {rows} rijen"),
    "not_a_square": ("{value} is not a square of the {board} (files a-{last}, ranks 1-{rows})",
                     "{value} is geen veld van het {board} (lijnen a-{last}, rijen 1-{rows})"),
    "not_a_file": ("{value} is not a file of the {board} (a-{last})",
                   "{value} is geen lijn van het {board} (a-{last})"),
    "not_board_ranks": ("{value} is not a board's ranks: use {rows}",
                        "{value} is geen aantal rijen van een bord: gebruik {rows}"),
    "not_a_board_name": ("{value} is not a board: use 'single' or 'double'",
                         "{value} is geen bord: gebruik 'single' (enkel) of 'double' (dubbel)"),
    "not_a_board": ("{value} is not a board (SINGLE or DOUBLE)", "{value} is geen bord (SINGLE of DOUBLE)"),
    # A position string (notation.py).
    "position_bad": ("position string {value}: {message}", "standnotatie {value}: {message}"),
    "position_not_text": ("a position string must be text, not {kind}",
                          "een standnotatie moet tekst zijn, geen {kind}"),
    "f_placement": ("placement", "stukken"),
    "f_side": ("side to move", "aan zet"),
    "f_spares": ("spare towers", "reservetorens"),
    "f_waiting": ("waiting towers", "wachtende torens"),
    "f_move_rule": ("move rule", "zettenregel"),
    "f_number": ("move number", "zetnummer"),
    "fields_count": ("expected 6 fields ({names}), found {n}; {problem}",
                     "verwacht 6 delen ({names}), gevonden: {n}; {problem}"),
    "fields_extra": ("extra: {extra}", "te veel: {extra}"),
    "fields_missing": ("missing: {missing}", "ontbreekt: {missing}"),
    "side_bad": ("side to move is {value}, expected 'w' or 'b'",
                 "aan zet is {value}, verwacht 'w' (Rood) of 'b' (Blauw)"),
    "placement_ranks": ("placement has {n} ranks, expected {rows} ({earlier} on the earlier board of old games)",
                        "de stukken staan op {n} rijen, verwacht {rows} ({earlier} op het eerdere bord "
                        "van oude partijen)"),
    "rank_bad_char": ("rank {rank} ({value}): {char} is neither a piece (S, X, P or s, x, p) "
                      "nor a count of empty fields",
                      "rij {rank} ({value}): {char} is geen stuk (S, X, P of s, x, p) en geen aantal lege velden"),
    "rank_bad_count": ("rank {rank} ({value}): {count} is not a count of empty fields (1 to {widest}, no leading 0)",
                       "rij {rank} ({value}): {count} is geen aantal lege velden (1 tot {widest}, zonder 0 vooraan)"),
    "height_of": ("height {height}", "hoogte {height}"),
    "nothing": ("nothing", "niets"),
    "rank_bad_height": ("rank {rank} ({value}): {letter} is followed by {what}; a piece is a shape "
                        "letter then a height 1-4 or '^'",
                        "rij {rank} ({value}): na {letter} volgt {what}; een stuk is een vormletter met "
                        "daarna een hoogte 1-4 of '^'"),
    "rank_too_wide": ("rank {rank} ({value}) has more than {widest} fields; a board has 6 (single) or 12 (double)",
                      "rij {rank} ({value}) heeft meer dan {widest} velden; een bord heeft er 6 (enkel) "
                      "of 12 (dubbel)"),
    "rank_width": ("rank {rank} ({value}) has {n} fields; a board has 6 (single) or 12 (double)",
                   "rij {rank} ({value}) heeft {n} velden; een bord heeft er 6 (enkel) of 12 (dubbel)"),
    "rank_uneven": ("rank {rank} ({value}) has {n} fields, expected {width} like rank {top}",
                    "rij {rank} ({value}) heeft {n} velden, verwacht {width} zoals rij {top}"),
    "spares_bad": ("spare towers {value}: expected Red's and Blue's star, cross and plus counts as "
                   "two groups of three digits, e.g. '122/122'",
                   "reservetorens {value}: verwacht de aantallen ster, kruis en plus van Rood en van Blauw "
                   "als twee groepen van drie cijfers, bijvoorbeeld '122/122'"),
    "waiting_bad": ("waiting towers {value}: expected Red's and Blue's shapes, e.g. '-/-' or 'XP/s'",
                    "wachtende torens {value}: verwacht de vormen van Rood en van Blauw, bijvoorbeeld "
                    "'-/-' of 'XP/s'"),
    "waiting_none": ("waiting towers {value}: a side with none is written '-'",
                     "wachtende torens {value}: een kant zonder schrijf je '-'"),
    "waiting_letter": ("waiting towers {value}: {letter} is not one of {player}'s ({letters}) shape letters, "
                       "and '-' stands for none",
                       "wachtende torens {value}: {letter} is geen vormletter van {player} ({letters}), "
                       "en '-' betekent geen"),
    "move_rule_bad": ("move rule {value}: expected '-' (endgame rule off) or Red's and Blue's moves "
                      "left (0 to {most}), e.g. '50/49'",
                      "zettenregel {value}: verwacht '-' (eindspelregel uit) of de zetten die Rood en Blauw "
                      "nog hebben (0 tot {most}), bijvoorbeeld '50/49'"),
    # Time controls and clocks (clock.py).
    "n_time": ("the time", "de tijd"),
    "n_bonus": ("the increment or delay", "de toename of vertraging"),
    "n_saved_time": ("a saved clock time", "een bewaarde kloktijd"),
    "n_time_left": ("a time left", "een resterende tijd"),
    # A Glicko-2 rating's three numbers, as the page stores them (web/model/progress.py).
    "n_rating": ("a rating", "een rating"),
    "n_deviation": ("a rating's deviation", "de afwijking van een rating"),
    "n_volatility": ("a rating's volatility", "de volatiliteit van een rating"),
    "clock_live_only": ("only a live clock takes the time left from another",
                        "alleen een lopende klok neemt de resterende tijd van een andere over"),
    "not_whole_seconds": ("{what} {value} is not a whole number of seconds",
                          "{what}: {value} is geen geheel aantal seconden"),
    "not_a_moment": ("the time {value} is not a moment (seconds, a finite number)",
                     "de tijd {value} is geen moment (seconden, een eindig getal)"),
    "not_a_control_kind": ("{value} is not a kind of time control", "{value} is geen soort bedenktijd"),
    "clock_no_time": ("a clock needs more than 0 seconds", "een klok heeft meer dan 0 seconden nodig"),
    "control_not_text": ("a time control is text, not {value}", "een bedenktijd is tekst, niet {value}"),
    "control_bad": ("time control {value}: expected '-', 'seconds+increment' (600+5), 'seconds' d 'delay' "
                    "(600d5) or 'c' and seconds per move (c86400)",
                    "bedenktijd {value}: verwacht '-', 'seconden+toename' (600+5), 'seconden' d 'vertraging' "
                    "(600d5) of 'c' en seconden per zet (c86400)"),
    "control_field": ("time control {value}: {message}", "bedenktijd {value}: {message}"),
    "time_backwards": ("time ran backwards: {now} is before {since}",
                       "de tijd liep terug: {now} ligt vóór {since}"),
    "is_not_player": ("{value} is not a player (0 Red, 1 Blue)", "{value} is geen speler (0 Rood, 1 Blauw)"),
    "clock_not_started": ("the clock has not been started", "de klok is nog niet gestart"),
    "clock_ran_out": ("the time of the player to move has run out", "de tijd van wie aan zet is, is op"),
    "saved_clock_not_table": ("a saved clock is a table of its fields, not {value}",
                              "een bewaarde klok is een tabel van zijn velden, niet {value}"),
    "saved_clock_lacks": ("the saved clock lacks {missing}", "de bewaarde klok mist {missing}"),
    "saved_clock_times": ("saved clock times {value} are not two times",
                          "bewaarde kloktijden {value} zijn geen twee tijden"),
    "saved_clock_player": ("saved clock: {value} is not a player", "bewaarde klok: {value} is geen speler"),
    # A game link (link.py).
    "unreadable": ("it cannot be read", "het is niet te lezen"),
    "not_a_game": ("{value} is not a game", "{value} is geen partij"),
    "link_not_text": ("a game link must be text", "een partijlink moet tekst zijn"),
    "link_too_long": ("the link has {n} characters, more than any game needs ({most})",
                      "de link heeft {n} tekens, meer dan een partij nodig heeft ({most})"),
    "link_empty": ("the link holds no game", "de link bevat geen partij"),
    "link_not_ours": ("this is not a Militakiri game link (it starts {start})",
                      "dit is geen partijlink van Militakiri (hij begint met {start})"),
    "link_not_valid_text": ("the link is not valid text", "de link is geen geldige tekst"),
    "link_newer": ("this link was made by a newer version of Militakiri (format {version}; this page "
                   "reads up to {reads}): reload the page to update it",
                   "deze link is gemaakt door een nieuwere versie van Militakiri (formaat {version}; deze "
                   "pagina leest tot {reads}): laad de pagina opnieuw om hem bij te werken"),
    "link_no_format": ("format {version} does not exist", "formaat {version} bestaat niet"),
    "link_cut_short": ("the link is cut short or damaged: {n} parts instead of {parts}",
                       "de link is afgebroken of beschadigd: {n} delen in plaats van {parts}"),
    "link_check_code": ("the link is damaged or was changed by hand (its check code does not match)",
                        "de link is beschadigd of met de hand veranderd (zijn controlecode klopt niet)"),
    "l_time_control": ("time control", "de bedenktijd"),
    "l_start": ("start position", "de beginstelling"),
    "l_dice": ("dice", "de dobbelstenen"),
    "l_setup": ("{player}'s set-up", "de opstelling van {player}"),
    "link_field_wrong": ("the link's {what} is wrong: {message}", "de link heeft een fout in {what}: {message}"),
    "link_start_ranks": ("the link's start position has {n} ranks; a link of format {version} is on a board of {rows}",
                         "de beginstelling in de link heeft {n} rijen; een link van formaat {version} "
                         "hoort bij een bord met {rows}"),
    "link_position_dice": ("a link that starts from a position has no dice",
                           "een link die bij een stelling begint, heeft geen dobbelstenen"),
    "link_name_not_text": ("a player's name in the link is not valid text",
                           "een spelersnaam in de link is geen geldige tekst"),
    "link_name_long": ("a player's name in the link is far longer than {most} characters",
                       "een spelersnaam in de link is veel langer dan {most} tekens"),
    "link_board": ("the link's board {value} is neither s (single) nor d (double)",
                   "het bord {value} in de link is s (enkel) noch d (dubbel)"),
    "link_setup_files": ("the link's set-ups should have {n} tower files, not {got}",
                         "de opstellingen in de link horen {n} torenlijnen te hebben, niet {got}"),
    "link_moves_form": ("the link's moves are not in the form count.number",
                        "de zetten in de link hebben niet de vorm aantal.getal"),
    "link_moves_many": ("the link claims {n} moves; a game link holds at most {most}",
                        "de link zegt {n} zetten te bevatten; een partijlink bevat er hoogstens {most}"),
    "link_moves_damaged": ("the link's moves are damaged", "de zetten in de link zijn beschadigd"),
    "link_moves_after_end": ("the link has {n} moves but the game ended after {ply}",
                             "de link heeft {n} zetten, maar de partij was na {ply} afgelopen"),
    "link_moves_sum": ("the link's moves do not add up: it was changed by hand",
                       "de zetten in de link kloppen niet: hij is met de hand veranderd"),
    "link_end": ("the link's end {value} is not understood", "het einde {value} in de link is onbekend"),
    "link_end_fit": ("the link's end does not fit its moves: {message}",
                     "het einde in de link past niet bij de zetten: {message}"),
    "link_computer": ("the link's computer {value} is not a side and a level {levels} (b4)",
                      "de computer {value} in de link is geen kleur met een niveau {levels} (b4)"),
    "link_clock": ("the link's clock {value} is not two times left",
                   "de klok {value} in de link is geen twee resterende tijden"),
    "link_clock_long": ("the link's clock has more time left than any time control gives",
                        "de klok in de link heeft meer tijd over dan een bedenktijd geeft"),
    "link_deadline_untimed": ("the link has a deadline but is not a correspondence game",
                              "de link heeft een uiterste tijd, maar is geen correspondentiepartij"),
    "link_deadline": ("the link's deadline {value} is not a time", "de uiterste tijd {value} in de link is geen tijd"),
    # A game record (record.py).
    "n_glyph": ("a glyph", "een teken"),
    "record_not_text": ("a game record must be text", "een partijverslag moet tekst zijn"),
    "record_too_long": ("the record has {n} characters; at most {most} are read",
                        "het verslag heeft {n} tekens; er worden er hoogstens {most} gelezen"),
    "record_not_tag": ("{value} is not a tag pair such as [White \"Anna\"]",
                       "{value} is geen tagpaar zoals [White \"Anna\"]"),
    "record_tag_twice": ("the tag {name} appears twice", "de tag {name} staat er twee keer"),
    "record_no_tags": ("a record begins with tag pairs such as [Board \"single\"]",
                       "een verslag begint met tagparen zoals [Board \"single\"]"),
    "record_tag": ("tag {name}: {message}", "tag {name}: {message}"),
    "record_ranks": ("{value} is not a board's ranks: {rows} (or {earlier}, the earlier board)",
                     "{value} is geen aantal rijen van een bord: {rows} (of {earlier}, het eerdere bord)"),
    "record_move": ("move {n} ({value}): {message}", "zet {n} ({value}): {message}"),
    "record_in_variation": ("in a variation, move {n} ({value}): {message}",
                            "in een variant, zet {n} ({value}): {message}"),
    "record_most_moves": ("a record holds at most {most} moves", "een verslag bevat hoogstens {most} zetten"),
    "record_variation_first": ("a variation ( follows no move: it stands beside the move it replaces",
                               "een variant ( volgt op geen zet: hij staat naast de zet die hij vervangt"),
    "record_variation_deep": ("variations are nested at most {most} deep",
                              "varianten liggen hoogstens {most} diep in elkaar"),
    "record_close_none": ("a ) closes no variation", "een ) sluit geen variant af"),
    "record_variation_empty": ("a variation () holds no move", "een variant () bevat geen zet"),
    "record_comment_open": ("a comment {{ is not closed with }}", "een commentaar {{ wordt niet gesloten met }}"),
    "record_glyph_first": ("the glyph {value} follows no move", "het teken {value} volgt op geen zet"),
    "record_after_result": ("{value} after the result {result}", "{value} na de uitslag {result}"),
    "record_variation_open_result": ("a variation ( is not closed with ) before the result {result}",
                                     "een variant ( wordt niet gesloten met ) vóór de uitslag {result}"),
    "record_variation_open": ("a variation ( is not closed with )", "een variant ( wordt niet gesloten met )"),
    "record_number": ("move number {value}: expected {expected}", "zetnummer {value}: verwacht {expected}"),
    "record_after_end": ("{value} after the end of the game ({outcome})",
                         "{value} na het einde van de partij ({outcome})"),
    "record_result_differs": ("the move text ends in {end} but the Result tag says {result}",
                              "de zetten eindigen op {end}, maar de tag Result zegt {result}"),
    "record_result_rules": ("the moves end the game {rules}, but the record says {said}",
                            "de zetten beëindigen de partij als {rules}, maar het verslag zegt {said}"),
    "record_still_going": ("{value} but the game is still going (*)", "{value}, maar de partij loopt nog (*)"),
    "record_result_why": ("the result is {result} but the moves do not end the game; a Termination tag "
                          "(time, deadline, resignation or forfeit) must say why",
                          "de uitslag is {result}, maar de zetten beëindigen de partij niet; een tag Termination "
                          "('time': tijd, 'deadline': uiterste tijd, 'resignation': opgave, 'forfeit': verbeurd) "
                          "moet zeggen waarom"),
    "record_not_that_way": ("{value}, but the moves do not end the game that way",
                            "{value}, maar zo eindigen de zetten de partij niet"),
    # A game (game.py, explain.py).
    "n_token": ("a move token", "een zet"),
    "n_ply": ("the ply", "de halve zet"),
    "token_says": ("{token}: {message}", "{token}: {message}"),
    "game_over": ("the game is over ({outcome})", "de partij is voorbij ({outcome})"),
    "game_already_over": ("the game is already over ({outcome})", "de partij is al voorbij ({outcome})"),
    "game_ended_by": ("the game ended by {termination}", "de partij is beëindigd: {termination}"),
    "game_most_moves": ("a game holds at most {most} moves", "een partij heeft hoogstens {most} zetten"),
    "game_most_moves_why": ("a game holds at most {most} moves, so that its record, link and save can be read back",
                            "een partij heeft hoogstens {most} zetten, zodat haar verslag, link en opslag "
                            "weer te lezen zijn"),
    "game_needs_time": ("a timed game needs the time of each move",
                        "een partij met klok heeft de tijd van elke zet nodig"),
    "game_push_timed": ("a move of a timed game is played with its time (play)",
                        "een zet van een partij met klok wordt met zijn tijd gespeeld (play)"),
    "touch_move": ("touch-move is on and {square} was touched, so that piece must move (R25)",
                   "aanraken is zetten staat aan en {square} is aangeraakt, dus dat stuk moet zetten (R25)"),
    "not_a_move": ("a move must be a Move, not {value}", "een zet moet een 'Move' zijn, niet {value}"),
    "no_take_back": ("there is no move to take back", "er is geen zet om terug te nemen"),
    "take_back_timed": ("moves are taken back only in games without a clock",
                        "zetten worden alleen teruggenomen in partijen zonder klok"),
    "missed_deadline": ("{player} missed the deadline and loses (R22)",
                        "{player} heeft niet op tijd gezet en verliest (R22)"),
    "time_ran_out": ("{player}'s time has run out: {player} loses (R21)",
                     "de tijd van {player} is op: {player} verliest (R21)"),
    "placed_not_tuple": ("the fields placed must be a tuple of names, not {value}",
                         "de geplaatste velden moeten een tupel van namen zijn, niet {value}"),
    "tokens_not_list": ("move tokens must be a list, not {value}", "zetten moeten een lijst zijn, niet {value}"),
    # A move token (move.py).
    "token_bad": ("move token {value}: {message}", "zet {value}: {message}"),
    "token_empty": ("empty move token", "lege zet"),
    "token_no_sign": ("move token {value} has neither '-' (move) nor 'x' (take): write e.g. 'c3-c4' or 'c3xd4'",
                      "zet {value} heeft geen '-' (zet) en geen 'x' (slag): schrijf bijvoorbeeld 'c3-c4' of 'c3xd4'"),
    "token_promotion": ("move token {value}: a promotion is '=' and a shape letter S, X or P, then '@' and a "
                        "field, e.g. 'd5xd6=X@e2'",
                        "zet {value}: een promotie is '=' en een vormletter S, X of P, dan '@' en een veld, "
                        "bijvoorbeeld 'd5xd6=X@e2'"),
    "token_waiting": ("move token {value}: waiting towers are written '@field,' before the move, e.g. '@a2,c3-c4'",
                      "zet {value}: wachtende torens schrijf je '@veld,' vóór de zet, bijvoorbeeld '@a2,c3-c4'"),
    "token_form": ("move token {value} is not of the form 'from-to', 'fromxto', 'fromxto=X@field' or "
                   "'@field,…' before the move",
                   "zet {value} heeft niet de vorm 'van-naar', 'vanxnaar', 'vanxnaar=X@veld' of '@veld,…' "
                   "vóór de zet"),
    "not_a_move_token": ("{value} is not a move (Move.from_token reads one)",
                         "{value} is geen zet (Move.from_token leest er een)"),
    # A set-up and the dice (setup.py).
    "n_setup": ("a set-up", "een opstelling"),
    "setup_bad": ("set-up {value}: {message}", "opstelling {value}: {message}"),
    "setup_group": ("{group} is not a shape letter (S, X, P) followed by tower files, e.g. 'Sc'",
                    "{group} is geen vormletter (S, X, P) gevolgd door torenlijnen, bijvoorbeeld 'Sc'"),
    "setup_twice": ("{letter} is given twice", "{letter} staat er twee keer"),
    "setup_missing": ("no files for {missing}; write each shape with its tower files, e.g. 'Sc Xd Pb'",
                      "geen lijnen voor {missing}; schrijf elke vorm met zijn torenlijnen, bijvoorbeeld 'Sc Xd Pb'"),
    "setup_count": ("the {board} takes {n} {noun} on {n} different files, not {got} (R3, R4)",
                    "het {board} krijgt {n} {noun} op {n} verschillende lijnen, niet {got} (R3, R4)"),
    "setup_parity": ("the {noun} must stand on files of the same color of the alternating row, {files} do not (R4)",
                     "de {noun} moeten op lijnen van dezelfde vorm in de afwisselende rij staan; {files} "
                     "doen dat niet (R4)"),
    "setup_touch": ("the {towers} on {files} stand side by side; towers may not touch at the start (R5)",
                    "de {towers} op {files} staan naast elkaar; bij het begin mogen torens elkaar niet "
                    "raken (R5)"),
    "not_random": ("{value} is not a source of random numbers (militakiri.randomness.Random)",
                   "{value} is geen bron van toevalsgetallen (militakiri.randomness.Random)"),
    "not_two_setups": ("{white} and {black} are not two set-ups", "{white} en {black} zijn geen twee opstellingen"),
    "not_first_player": ("{value} is not a player to move first (0 Red, 1 Blue)",
                         "{value} is geen speler die begint (0 Rood, 1 Blauw)"),
    "setup_other_board": ("a set-up for the {setup} on the {board}", "een opstelling voor het {setup} op het {board}"),
    "dice_none": ("no dice rolls: each player rolls once at least (R6)",
                  "geen worpen: elke speler gooit minstens één keer (R6)"),
    "dice_face": ("a die shows 1 to 6, not {roll}", "een dobbelsteen toont 1 tot 6, niet {roll}"),
    "dice_decided": ("roll {roll} already decided who starts; no roll may follow it (R6)",
                     "worp {roll} besliste al wie begint; er mag geen worp na komen (R6)"),
    "dice_tie": ("the last roll {roll} is a tie: roll again (R6)",
                 "de laatste worp {roll} is gelijk: gooi opnieuw (R6)"),
    "dice_bad": ("dice {value}: {message}", "dobbelstenen {value}: {message}"),
    "dice_pair": ("{pair} is not a roll such as '4-2' (Red's die first)",
                  "{pair} is geen worp zoals '4-2' (de dobbelsteen van Rood eerst)"),
    # A result (outcome.py).
    "n_result": ("a result", "een uitslag"),
    "n_termination": ("a termination", "een einde"),
    "not_termination_value": ("{value} is not a valid Termination", "{value} is geen geldig einde (Termination)"),
    "not_a_result": ("{value} is not a result (1-0, 0-1, 1/2-1/2)", "{value} is geen uitslag (1-0, 0-1, 1/2-1/2)"),
    "not_a_termination": ("{value} is not a termination ({names})", "{value} is geen einde ({names})"),
    "outcome_impossible": ("{outcome} is impossible: only the move rule ends a game in a draw (R17)",
                           "'{outcome}' kan niet: alleen de zettenregel eindigt een partij in gelijkspel (R17)"),
    "termination_by_rules": ("{value} is decided by the rules, not by a player",
                             "{value} beslissen de regels, niet een speler"),
    # A position no game reaches (reachable.py), in a player's words: what is
    # on the board, and why no game gives it.
    "unreachable": ("no game can reach this position: {problem}",
                    "geen partij kan deze stelling bereiken: {problem}"),
    "reach_move_number": ("it is at move {n}; a game has at most {most} moves, so it reaches move {last} at most",
                          "ze staat bij zet {n}; een partij heeft hoogstens {most} zetten en komt dus tot "
                          "hoogstens zet {last}"),
    "reach_too_high": ("the {piece} on {square} is too high: a {shape} rank has {most} pawns at most (R13, R14)",
                       "de {piece} op {square} is te hoog: een {shape}rang heeft hoogstens {most} pionnen (R13, R14)"),
    "reach_not_promoted": ("the {piece} on {square} would have been promoted: {player} still has a spare {tower} (R13)",
                           "de {piece} op {square} was al gepromoveerd: {player} heeft nog een reserve-{tower} (R13)"),
    "reach_spares": ("{player} has {n} spare {towers}; a game starts with {start} (R3)",
                     "{player} heeft {n} reserve-{towers}; een partij begint met {start} (R3)"),
    "reach_towers": ("{player} has {n} {towers}, but a game gives at most {most}: {setup} from the set-up, "
                     "and one more for each spare {tower} used ({player} has used {promoted} of {start}) (R3, R13)",
                     "{player} heeft {n} {towers}, maar een partij geeft er hoogstens {most}: {setup} uit de "
                     "opstelling, en één meer voor elke gebruikte reserve-{tower} ({player} gebruikte er "
                     "{promoted} van {start}) (R3, R13)"),
    "reach_towers_waiting": ("{player} has {n} {towers} on the board and waiting, but a game gives at most {most}: "
                             "{setup} from the set-up, and one more for each spare {tower} used ({player} has used "
                             "{promoted} of {start}) (R3, R13)",
                             "{player} heeft {n} {towers} op het bord en wachtend, maar een partij geeft er "
                             "hoogstens {most}: {setup} uit de opstelling, en één meer voor elke gebruikte "
                             "reserve-{tower} ({player} gebruikte er {promoted} van {start}) (R3, R13)"),
    "reach_pawns": ("the ranks on the board hold {n} pawns; both set-ups together have {start} (R3)",
                    "de rangen op het bord tellen {n} pionnen; beide opstellingen samen hebben er {start} (R3)"),
    "reach_waiting": ("{player} has towers waiting while {free} fields of the set-up zone are free: a tower "
                      "waits only while the zone is full, and one move frees one field at most (R15)",
                      "{player} heeft wachtende torens terwijl {free} velden van de opstelzone vrij zijn: een "
                      "toren wacht alleen zolang de zone vol is, en een zet maakt hoogstens één veld vrij (R15)"),
    # The rest: the engine's own checks, the computer, the command line.
    "n_shape": ("a shape", "een vorm"),
    "placed_not_squares": ("fields must be a tuple of squares, not {value}",
                           "velden moeten een tupel van velden zijn, niet {value}"),
    "record_ranks_differ": ("says {rows} ranks, but the Position tag's board has {board}",
                            "zegt {rows} rijen, maar het bord van de tag Position heeft er {board}"),
    "record_missing_tags": ("missing tag(s) {missing}: a record starts from a board, both set-ups and the dice, "
                            "or from a Position tag",
                            "ontbrekende tag(s) {missing}: een verslag begint met een bord, beide opstellingen en "
                            "de dobbelstenen, of met een tag Position"),
    "not_a_level": ("{value} is not a level: use 1 (weakest) to {most}, or 'max'",
                    "{value} is geen niveau: gebruik 1 (zwakste) tot {most}, of 'max'"),
    "no_move_to_choose": ("no move to choose: the game is over ({outcome})",
                          "geen zet om te kiezen: de partij is voorbij ({outcome})"),
    "cli_depth": ("depth", "diepte"),
    "cli_games": ("a number of games (1 or more)", "een aantal partijen (1 of meer)"),
    "cli_seconds": ("seconds per move (more than 0)", "seconden per zet (meer dan 0)"),
    "cli_seed": ("a seed (a whole number)", "een beginwaarde (een geheel getal)"),
    "cli_option": ("{option} {value} is not {what}", "{option} {value} is geen {what}"),
    # A task's goal in the lessons' data (goals.py).
    "goal_not_object": ("a goal is a JSON object, not {kind}", "een doel is een JSON-object, geen {kind}"),
    "goal_kind": ("goal kind {value} is not one of {kinds}", "doelsoort {value} is geen van {kinds}"),
    "goal_no_field": ("a {kind} goal has no field {value}; its fields: {fields}",
                      "een doel {kind} heeft geen veld {value}; zijn velden: {fields}"),
    "goal_needs": ("a {kind} goal needs {name}", "een doel {kind} heeft {name} nodig"),
    "goal_play_moves": ("a play goal is one move: leave out 'moves' or give 1",
                        "een doel 'play' is één zet: laat 'moves' weg of geef 1"),
    "goal_what": ("'what' of a take goal is one of {options}, not {value}",
                  "'what' van een doel 'take' is een van {options}, niet {value}"),
    "goal_square": ("'square' is a field such as 'd5', not {value}", "'square' is een veld zoals 'd5', niet {value}"),
    "goal_tokens": ("'tokens' of a play goal is a non-empty list of move tokens",
                    "'tokens' van een doel 'play' is een niet-lege lijst van zetten"),
    "goal_square_bad": ("goal square: {message}", "veld van het doel: {message}"),
    "goal_int": ("{name} is a whole number from {low} to {high}, not {value}",
                 "{name} is een geheel getal van {low} tot {high}, niet {value}"),
    # Raised by the page (web/) with the engine's errors.
    "dice_once": ("the dice are rolled once, after both set-ups",
                  "de dobbelstenen worden één keer gegooid, na beide opstellingen"),
    "saved_clock_control": ("the saved clock is for {saved}, the game for {game}",
                            "de bewaarde klok is voor {saved}, de partij voor {game}"),
    "saved_clock_wrong_player": ("the saved clock runs for the wrong player",
                                 "de bewaarde klok loopt voor de verkeerde speler"),
    "rq_seconds": ("thinking time", "de bedenktijd"),
    "rq_position": ("position", "de stelling"),
    "rq_level": ("level", "het niveau"),
    "rq_seed": ("seed", "de beginwaarde"),
    "rq_board": ("board", "het bord"),
    "rq_earlier_position": ("earlier position", "een eerdere stelling"),
    "rq_text": ("{what} {value} is not text of at most {most} characters",
                "{what}: {value} is geen tekst van hoogstens {most} tekens"),
    "rq_earlier": ("the earlier positions {value} are not a list of at most {most}",
                   "de eerdere stellingen {value} zijn geen lijst van hoogstens {most}"),
    "rq_args": ("the arguments {value} are not a JSON list", "de argumenten {value} zijn geen JSON-lijst"),
    # How a game ended, in a message ("0-1 towers": the record's notation).
    "outcome": ("{result} {termination}", "{result} {termination}"),
    "game_goes_on": ("the game goes on", "de partij loopt nog"),
    "term_towers": ("towers", "torens"),
    "term_no-moves": ("no-moves", "geen zetten"),
    "term_time": ("time", "tijd"),
    "term_deadline": ("deadline", "uiterste tijd"),
    "term_resignation": ("resignation", "opgave"),
    "term_move-rule": ("move-rule", "zettenregel"),
    "term_forfeit": ("forfeit", "verbeurd"),
    "excerpt_cut": ("{quoted} ({n} characters)", "{quoted} ({n} tekens)"),
}

_INDEX = {code: i for i, code in enumerate(LANGUAGES)}


class Join:
    """A list said the way each language lists things (``plain``: with
    commas only, as a list of names in parentheses is).

    >>> Join(["star", "cross"]).say("en"), Join(["a", "b", "c"]).say("nl"), Join("abc", plain=True).say("nl")
    ('star and cross', 'a, b en c', 'a, b, c')
    """

    def __init__(self, items: Iterable[object], plain: bool = False) -> None:
        self.items = list(items)
        self.plain = plain

    def say(self, lang: str = "en") -> str:
        words = [str(_say(item, lang)) for item in self.items]
        if self.plain:
            return ", ".join(words)
        if lang == "en":  # the engine's English: "a and b and c"
            return " and ".join(words)
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + " en " + words[-1]


class Number:
    """A whole number as each language groups its thousands.

    >>> Number(3000).say("en"), Number(3000).say("nl"), Number(12).say("nl")
    ('3,000', '3.000', '12')
    """

    def __init__(self, value: float) -> None:
        self.value = value

    def say(self, lang: str = "en") -> str:
        written = f"{self.value:,}"
        if lang != "nl":
            return written
        return written.replace(",", " ").replace(".", ",").replace(" ", ".")  # 1,234.5 -> 1.234,5


class Text(str):
    """An English sentence (this string) that can also say itself in ``lang``."""

    key: str
    args: dict[str, object]

    def say(self, lang: str = "en") -> str:
        return render(self.key, self.args, lang)


def _say(value: object, lang: str) -> object:
    say = getattr(value, "say", None)
    return say(lang) if say is not None else value


def render(key: str, args: dict[str, object], lang: str = "en") -> str:
    """The sentence ``key`` with ``args`` in ``lang`` (English for an unknown code)."""
    template = CATALOGUE[key][_INDEX.get(lang, 0)]
    return template.format(**{name: _say(value, lang) for name, value in args.items()})


def _ruling_group(sentence: str, start: int) -> int:
    """The end (after ``)``) of a ``(R12)`` or ``(R15, R16)`` at ``start``, else -1."""
    at = start + 1
    while True:
        if sentence[at:at + 1] != "R":
            return -1
        at += 1
        digits = at
        while sentence[at:at + 1].isdigit():
            at += 1
        if at == digits:
            return -1
        if sentence[at:at + 1] == ")":
            return at + 1
        if sentence[at:at + 2] != ", ":
            return -1
        at += 2


def rulings_cited(sentence: str) -> list[str]:
    """The ruling ids ``sentence`` cites in parentheses, in order.

    >>> rulings_cited("first place it (R15); then (R16, R17). Not (R) nor (Rx)")
    ['R15', 'R16', 'R17']
    """
    found: list[str] = []
    at = sentence.find("(R")
    while at >= 0:
        end = _ruling_group(sentence, at)
        if end > 0:
            found += sentence[at + 1:end - 1].split(", ")
        at = sentence.find("(R", at + 1)
    return found


def without_rulings(sentence: str) -> str:
    """``sentence`` without the ruling ids it cites: what a player reads in
    the page's messages. The ids stay in the rules, in How to
    play and in a refusal's details; the command line keeps them.

    >>> without_rulings("there is no passing (R9)"), without_rulings("Won (R19). Next (R15, R16): go")
    ('there is no passing', 'Won. Next: go')
    """
    if "(R" not in sentence:
        return sentence
    parts = []
    done = 0
    at = sentence.find("(R")
    while at >= 0:
        end = _ruling_group(sentence, at)
        if end > 0:
            cut = at - 1 if at > 0 and sentence[at - 1] == " " else at  # with the space before it
            parts.append(sentence[done:cut])
            done = end
        at = sentence.find("(R", at + 1)
    parts.append(sentence[done:])
    return "".join(parts)


def text(key: str, **args: object) -> Text:
    """The sentence ``key``: English as a string, other languages by ``.say(lang)``."""
    result = Text(render(key, args))
    result.key = key
    result.args = args
    return result


def say(message: object, lang: str) -> object:
    """``message`` in ``lang`` if it knows how (a Text), else unchanged."""
    return _say(message, lang)


# Words --------------------------------------------------------------------------


def color_word(color: int) -> Text:
    return text(f"color_{color}")


def shape_word(shape: int) -> Text:
    return text(f"shape_{shape}")


def tower_word(shape: int) -> Text:
    """``'cross tower'``."""
    return text("tower_of", shape=shape_word(shape))


def towers_word(shape: int) -> Text:
    return text("towers_of", shape=shape_word(shape))


def piece_word(color: int | None, shape: int, height: int) -> Text:
    """``'cross pawn'`` (color None), ``'Red cross rank 2'``; height 0 is a tower."""
    if height == 0:
        bare = tower_word(shape)
    elif height == 1:
        bare = text("pawn_of", shape=shape_word(shape))
    else:
        bare = text("rank_of", shape=shape_word(shape), height=height)
    if color is None:
        return bare
    return text("owned", color=color_word(color), piece=bare)
