"""Every word the page shows, in one table per language.

UI code never writes a visible string itself: it asks ``t(key, **args)``;
index.html marks elements with ``data-text="key"`` (text content),
``data-label="key"`` (aria-label) or ``data-title="key"`` (tooltip), filled
in at start-up. Dutch is ``TEXTS["nl"]`` (web/i18n/texts_nl.py); every table
has exactly the English keys and placeholders (a test checks). The page
picks the language with :func:`choose_language` and sets it with
:func:`set_language` (web/ui/language.py does both in the browser).

The engine's own explanations (why a move or set-up is refused) come from
militakiri as :class:`militakiri.messages.Text`: English strings that also
say themselves in Dutch; :func:`t` shows such an argument in the current
language.

>>> t("to_move", player="Anna (Red)")
'Anna (Red) to move: select a piece.'
>>> choose_language("nl", None, ["en-US"]), choose_language("", None, ["nl-BE", "en"])
('nl', 'nl')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from militakiri.bounded import strip_space
from militakiri.messages import rulings_cited, say, without_rulings

if TYPE_CHECKING:
    from typing import Iterable

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # Page and controls ------------------------------------------------
        "title": "Militakiri",
        "new_game": "New game",
        "flip": "Flip board",
        "take_back": "Take back",
        "resign": "Resign",
        "help": "How to play",
        "board_label": "Militakiri board",
        "board_role": "game board",
        "moves_heading": "Moves",
        "pieces_heading": "Pieces",
        "no_moves_yet": "No moves yet.",
        "random_setup": "Random set-up",
        "clear_setup": "Clear",
        "setup_ready": "Done",
        "spares": "Spare towers",
        "on_board": "Towers on the board",
        "on_board_short": "On board",
        "spares_short": "Spares",
        "waiting": "Waiting",
        "moves_left_short": "{n} left",
        "moves_left_title": "Moves left under the endgame rule (R17)",
        "clock_label": "Clock of {player}",
        "endgame_on": "Endgame rule on (R16): every piece moves and takes 1 field.",
        "endgame_left": "Moves left (R17): {white} {wleft}, {black} {bleft}.",
        "board_aria": "{status} Cursor: {cursor}.",
        "cursor_none": "none (use the arrow keys)",
        "cursor_on": "{square}, {what}",
        "cursor_empty": "{square}, empty",
        "hidden_setup": "{side}'s set-up is hidden (R4)",
        "legend_star": "Star: moves and takes in all 8 directions.",
        "legend_cross": "Cross: moves diagonally, takes straight.",
        "legend_plus": "Plus: moves straight, takes diagonally.",
        "legend_tower": "Tower (tall, marked T): moves and takes any distance.",
        "legend_pawn": "Pawn (flat, marked 1): 1 field. A rank of h pawns (stacked, marked h): up to h fields.",
        "legend_marks": "Dots: moves. Rings: takes.",
        "keys_help": "Keys: arrows move the cursor, Enter selects or moves, Escape cancels. Home, End, Page Up and Page Down (and \u2190 \u2192 off the board) step through the moves.",
        "help_goal": "Goal: play all of your opponent's towers off the board (R19).",
        "help_hotseat": "Two people play on this device, taking turns.",
        "help_vs_computer": "You play against the computer on this device: it makes its own moves.",
        "help_setup": "Set-up: each player chooses the fields of their towers on their own three rows \u2013 star tower on the first row, cross tower on the second, plus tower on the third; the pawns fill in. The second player places while the first set-up stays hidden. Then the dice decide who starts.",
        "help_move": "Moving: choose one of your pieces (or drag it). Dots show where it can move, rings what it can take. A plus moves straight and takes diagonally, a cross moves diagonally and takes straight, a star does both. A tower goes any distance, a pawn 1 field, a rank of h pawns up to h fields. Nothing jumps.",
        "help_take": "Taking: a tower removes what it takes; a tower taken is removed. A lower stack that takes a higher one removes it; a higher or equal one stacks on top.",
        "help_promote": "Promotion: a cross or plus rank 3, or a star rank 4, becomes a spare tower of that shape: choose a highlighted field of your set-up zone for it. If the zone is full the tower waits and is placed first at a later turn.",
        "help_endgame": "Endgame rule: once a player has no pawns or ranks left on the board and a single tower (R16), every piece of both players moves and takes 1 field, and each player has 50 more moves (100 on the double board); if both use them up and the lone tower survives, it is a draw (R17). Blocking the lone tower so that it cannot move is never allowed (R18).",
        "help_controls": "Controls: click, tap or drag; arrow keys move a cursor on the board, Enter selects and moves, Escape cancels. Flip board turns it around. Take back works in games without a clock. The \u00ab \u2039 \u203a \u00bb buttons, a click on a move, or Home, End, Page Up, Page Down (and \u2190 \u2192 when the board does not have the focus) show earlier positions; play goes on from the last move. Share gives a link with the whole game; Game record saves or opens a record. The game is saved in this browser after every move.",
        # Sides, shapes, pieces --------------------------------------------
        "white": "Red",
        "black": "Blue",
        "name_side": "{name} ({side})",
        "shape_star": "star",
        "shape_cross": "cross",
        "shape_plus": "plus",
        "piece_tower": "{side} {shape} tower",
        "piece_pawn": "{side} {shape} pawn",
        "piece_rank": "{side} {shape} rank {height}",
        # New game dialog ---------------------------------------------------
        "ng_title": "New game",
        "ng_practice_title": "Practice from here",
        "ed_open": "Set up a position (analysis board)",
        "ed_open_title": "Place and remove pieces, then play on from the position or share it",
        "ed_title": "Analysis board",
        "ed_note": "Choose a piece, then a field: it goes there (choose it again to take it away). The rules say whether a game can reach the position.",
        "ed_color": "Color",
        "ed_shape": "Shape",
        "ed_kind": "Piece",
        "ed_tower": "Tower",
        "ed_pawn": "Pawn",
        "ed_rank_2": "Rank of 2",
        "ed_rank_3": "Rank of 3",
        "ed_rank_4": "Rank of 4",
        "ed_board": "The position being set up: choose a field",
        "ed_field": "{square}: {piece}",
        "ed_field_empty": "{square}: empty",
        "ed_turn": "To move",
        "ed_board_kind": "Board",
        "ed_spares_of": "{player}'s spare towers",
        "ed_spares_of_label": "{player}'s spare {shape} towers",
        "ed_waiting_of": "{player}'s waiting towers",
        "ed_waiting_of_label": "{player}'s {shape} towers waiting for a free field of the set-up zone",
        "ed_over": "The game is over here: {result} Put both players' towers on the board.",
        "ed_fine": "A game can reach this position: play on from it, or share its link.",
        "ed_link": "Link to this position",
        "ed_clear": "Clear the board",
        "ed_play": "Play from here",
        "practice": "Practice from here",
        "mainline": "Back to the main line",
        "variation_back": "Back to the variation",
        "mainline_title": "Back to the game; the variation is kept beside the move it replaces",
        "variation_note": "A variation in place of {move}: the game waits. Back to the main line keeps it.",
        "evaluate": "Computer's view",
        "evaluate_title": "The computer's evaluation of the position shown and the line it expects",
        "eval_thinking": "The computer looks at this position…",
        "eval_line": "The computer, looking {depth} moves ahead: {player} to move, Red's winning chances {chances} %. The moves it expects: {line}",
        "eval_over": "The game is over here: Red's winning chances {chances} %.",
        "eval_failed": "The computer could not look: {reason}",
        "practice_title": "Play on from the position shown, against the computer or as two players, in a new game",
        "ng_board": "Board",
        "ng_single": "Single board (6 \u00d7 12)",
        "ng_double": "Double board (12 \u00d7 12)",
        "ng_time": "Time per player",
        "ng_time_note": "Per player, as the full manual's clocks are; whoever runs out of time loses (R21). Correspondence: a time per move (R22).",
        "ng_touch": "Touch-move: a piece you select must move (R25)",
        "tc_group_official": "The manual's clocks (per player)",
        "tc_group_correspondence": "Correspondence (per move)",
        "tc_group_extras": "Extras (not in the manual)",
        "tc_official": "{name} \u2013 {each} each",
        "tc_official_corr": "{name} \u2013 {each} a move",
        "tc_name_ultra_fast": "Ultra fast",
        "tc_name_very_fast": "Very fast",
        "tc_name_fast": "Fast",
        "tc_name_standard": "Standard",
        "tc_name_long": "Long",
        "tc_custom": "Other time, Fischer or Bronstein\u2026",
        "ng_minutes": "Minutes",
        "ng_seconds": "Seconds",
        "ng_extra": "Extra per move",
        "extra_none": "None",
        "extra_fischer": "Fischer increment",
        "extra_bronstein": "Bronstein delay",
        "ng_bonus": "Seconds per move",
        "ng_white_name": "Red's name",
        "ng_black_name": "Blue's name",
        "ng_position": "Start from a position string (optional)",
        "ng_position_hint": "For puzzles and analysis: skips the set-up and the dice.",
        "ng_start": "Start",
        "cancel": "Cancel",
        "close": "Close",
        "err_preset": "Choose a time control.",
        "err_not_number": "The time per player and the seconds per move must be numbers.",
        "err_negative": "Times cannot be negative.",
        "err_too_long": "A player's clock holds at most 12 hours.",
        "err_too_short": "Each player needs at least 1 second.",
        "err_extra": "Choose an extra per move.",
        "err_time": "That time control is not possible.",
        "err_position": "That position string cannot be read: {reason}",
        "query_ignored": "This address's {names} could not be read and was left out.",
        "tc_none": "No clock",
        "tc_each": "{each} each",
        "tc_fischer": ", +{s} s per move",
        "tc_bronstein": ", {s} s delay per move",
        "unit_h": "{n} h",
        "unit_min": "{n} min",
        "unit_s": "{n} s",
        # Dice dialog --------------------------------------------------------
        "dice_title": "Who starts?",
        "dice_note": "Each player rolls a die; the higher roll starts. Equal rolls are rolled again (R6).",
        "dice_roll": "Roll the dice",
        "dice_start": "Start the game",
        "dice_tie": "equal: roll again",
        "dice_first": "{player} starts",
        "die_label": "die showing {n}",
        # Resign dialog ------------------------------------------------------
        "resign_title": "Resign",
        "resign_question": "Who resigns? Resigning loses the game (R23).",
        "resign_as": "{player} resigns",
        # Result dialog ------------------------------------------------------
        "result_wins": "{winner} wins",
        "result_draw": "Draw",
        "why_towers": "{loser} has no tower left on the board (R19).",
        "why_no-moves": "{loser} has no legal move (R20).",
        "why_time": "{loser} ran out of time (R21).",
        "why_deadline": "{loser} missed the move deadline (R22).",
        "why_resignation": "{loser} resigned (R23).",
        "why_forfeit": "{loser} forfeited the game: left it or lost the connection (R26).",
        "rm_not_object": "The message is not an object with source, version and type.",
        "rm_too_long": "The message is longer than the {most} characters a message may have.",
        "rm_not_data": "The message cannot be read as data: {reason}.",
        "rm_version": "The message is of version {version}; this board speaks version {ours}.",
        "rm_type": "{type} is not a message this board takes ({types}).",
        "rm_extra": "The {type} message has a field this board does not know: {field}.",
        "rm_missing": "The {type} message has no {field}.",
        "rm_field_text": "The {type} message's {field} must be text of 1 to {most} characters, not {value}.",
        "rm_field_color": "The {type} message's {field} must be \"white\" or \"black\", not {value}.",
        "rm_field_clock": "The {type} message's clock must be an object with \"white\" and \"black\", not {value}.",
        "rm_field_ms": "The {type} message's {field} must be milliseconds from 0 to {most}, not {value}.",
        "rm_field_ply": "The {type} message's ply must be a whole number from 0 to {most}, not {value}.",
        "rm_field_setups": "The {type} message's setups must be an object with \"white\" and \"black\", not {value}.",
        "rm_field_moves": "The {type} message's moves must be a list of at most {most} move tokens, not {value}.",
        "rm_no_remote": "This board plays both sides: it takes no moves from its page (open it with remote=white or remote=black).",
        "rm_aside": "The board shows a lesson, a puzzle or a variation now, not the game.",
        "rm_setup_here": "{player}'s set-up is made on this board, not sent.",
        "rm_setup_again": "{player}'s set-up is {towers} already.",
        "rm_dice_again": "The dice were rolled already: {rolls}.",
        "rm_dice": "The dice, Red's first: {rolls}. {player} begins (R6).",
        "rm_not_started": "The game has not begun: the set-ups and the dice come first.",
        "rm_ply_played": "Move {ply} here was {token}, not this one (moves played here: {n}).",
        "rm_ply_ahead": "This move is for ply {ply}, but only {n} moves have been played here.",
        "rm_not_theirs": "It is {player}'s turn, played on this board.",
        "rm_over": "The game is over: {result}.",
        "rm_no_clock": "This game has no live clock to set.",
        "rm_end_rules": "{termination} is decided on the board itself; an end sent is time, deadline, resignation or forfeit.",
        "rm_resume_move": "The game sent cannot be played: its move {ply}: {reason}",
        "rm_resume_setup": "The game sent is another game: {player}'s set-up here is {towers}.",
        "rm_resume_dice": "The game sent is another game: the dice here are {rolls}.",
        "rm_resume_other": "The game sent is another game than this one (moves played here: {n}).",
        "rm_waiting_setup": "Your set-up is done. Waiting for {player}'s set-up.",
        "rm_waiting_dice": "Both set-ups are done. Waiting for the dice.",
        "rm_waiting_move": "Waiting for {player}'s move.",
        "why_move-rule": "Both players used up their moves under the endgame rule and the lone tower survived (R17).",
        "result_record": "Game record",
        "show_board": "Look at the board",
        # Status line -------------------------------------------------------
        "setup_place": "{player}: choose where your towers go \u2013 star tower on rank {r1}, cross tower on rank {r2}, plus tower on rank {r3} (R4). The pawns fill in.",
        "setup_place_double": "{player}: choose where your towers go \u2013 two star towers on rank {r1}, two cross towers on cross fields of rank {r2}, two plus towers on plus fields of rank {r3}; never two side by side (R4, R5). Ranks {r2} and {r3} alternate cross and plus fields: the first tower placed on each says which is which. The pawns fill in.",
        "setup_done_next": "{player}: set-up complete. Press Done; then Blue places, and your set-up stays hidden (R4).",
        "setup_done_last": "{player}: set-up complete. Press Done to reveal both set-ups.",
        "setup_finished": "Both set-ups are done: roll the dice.",
        "roll_prompt": "Both set-ups are revealed. Roll the dice to see who starts (R6).",
        "start_prompt": "{player} starts. Press Start the game.",
        "to_move": "{player} to move: select a piece.",
        "selected": "{piece} on {square}: dots are moves, rings are takes.",
        "selected_touched": "{piece} on {square}, touched: it must move (touch-move, R25). Dots are moves, "
                            "rings are takes.",
        # A rated player from Novice on sees no dots and rings (R27).
        "selected_unshown": "{piece} on {square}: point at the field it goes to.",
        "selected_touched_unshown": "{piece} on {square}, touched: it must move (touch-move, R25).",
        "touch_move_bound": "Touch-move: you touched the piece on {square}, so that piece must move (R25).",
        "place_waiting": "{player}: first place your waiting {shape} tower on a highlighted field (R15).",
        "choose_tower_field": "{player}: choose a highlighted field of your set-up zone for your new {shape} tower (R13).",
        "tower_waits": "{player}: the new {shape} tower waits, the set-up zone is full (R15).",
        "over": "{title}: {reason}",
        "engine_says": "{reason}",
        "illegal_move": "Not allowed: {reason}",
        "no_such_move": "{move} is not a legal move.",
        "no_piece": "There is no piece on {square}. Select one of your pieces.",
        "not_your_piece": "{square} holds a {piece}; it is {player}'s move.",
        "no_moves": "The {piece} on {square} has no legal move now.",
        "pick_tower_field_first": "First choose a highlighted field for the new tower (on a keyboard, Escape undoes the take).",
        "place_waiting_first": "Your waiting {shape} tower goes first, on a highlighted field of your set-up zone (R15).",
        "game_over_click": "The game is over \u2013 {title}: {reason} Start a new game to play again.",
        "no_take_back": "Moves can be taken back only in games without a clock.",
        # Sharing, records, autosave, replay, embed ---------------------------
        "share": "Share",
        "record": "Game record",
        "resume": "Resume",
        "unit_d": "{n} d",
        "tc_corr": "Correspondence: {each} per move (R22)",
        "replay_group": "Step through the game",
        "replay_first": "Start position",
        "replay_prev": "Previous move",
        "replay_next": "Next move",
        "replay_last": "Last move: play on",
        "icon_first": "\u00ab",
        "icon_prev": "\u2039",
        "icon_next": "\u203a",
        "icon_last": "\u00bb",
        "replay_start": "Start position, before the first move. Press \u00bb or End to go back to the game.",
        "replay_at": "After {label} {move} (the game is at {last}). Press \u00bb or End to go back to the game.",
        "paused": "{player} to move. The clocks are paused: press Resume to go on.",
        "paused_click": "The clocks are paused: {player} presses Resume first.",
        "autosave_off": "Autosave is off: this browser does not let the page keep data here. Use Share or Game record to keep the game.",
        "autosave_off_embed": "Autosave is off: this browser does not let the board keep data here.",
        "link_opened": "Opened the game from the link (moves played: {n}).",
        "record_opened": "Opened the game record (moves played: {n}).",
        "link_no_clock": "This link or record holds no clock times: this game goes on without a clock.",
        "corr_new_deadline": "The time for this move starts now (R22).",
        "corr_due": "Correspondence (R22): {player} must move by {deadline} \u2013 {left} left.",
        "share_title": "Share this game",
        "share_note": "The whole game is in this link: board, set-ups, dice, time control and each player's time left, names and every move. Whoever opens it sees the last move, can step through the game and, if it is their move, play on (a clock waits for Resume).",
        "share_corr": "Send this link to {player}: it is their move, due by {deadline}.",
        "share_link_label": "Link to this game",
        "share_length": "{n} characters",
        "share_length_one": "1 character",
        "copy": "Copy",
        "copied": "Copied.",
        "copy_failed": "Could not copy: select the text and copy it by hand.",
        "record_title": "Game record",
        "record_export": "This game",
        "record_export_note": "The game record holds the set-ups, the dice, the time control, the names and every move.",
        "record_none": "There is no game yet: finish the set-up and roll the dice first.",
        "download": "Download",
        "record_import": "Open a game record",
        "record_import_note": "Paste a record or choose a file: the game opens at its last move, and you can step through it.",
        "record_paste_label": "Record to open",
        "record_file_label": "Record file",
        "record_open": "Open",
        "record_empty": "Paste a record or choose a file first.",
        "record_bad": "This record cannot be opened: {reason}. Your game is unchanged.",
        "record_too_big": "That file has {n} bytes: far more than a game record. Your game is unchanged.",
        "record_file_error": "The file could not be read. Your game is unchanged.",
        "problem_link_title": "This game link cannot be opened",
        "link_bad": "{reason}. Nothing was loaded, and your saved game is kept.",
        "problem_saved_title": "Your saved game cannot be read",
        "saved_bad": "The saved game cannot be read: {reason}. Nothing of it was loaded, and it is kept as it is. Start a new game, or close this message.",
        "autosave_failed": "This move could not be saved: the browser's storage is full or refused it. Use Share or Game record to keep the game.",
        "progress_unreadable": "Your Learn and Puzzles progress could not be read; it is kept aside, and new progress starts here.",
        "computer_memory_unreadable": "The computer opponent remembered from an earlier visit could not be read; it is kept aside, and a saved game against it goes on as a game between two players.",
        "autosave_no_review": "This game is saved without its review and variations, which were too long to keep with it. Game record keeps them.",
        "autosave_stale": "This is the game as last saved, at move {n}: the moves after it could not be saved (the browser's storage was full).",
        "saved_others": "Other saved games: {n}.",
        "saved_games": "Saved games",
        # Feel: announcements for screen readers, sound --------------------------
        "say_moves": "{piece} {origin} to {target}",
        "say_takes": "{piece} {origin} takes {target}",
        "say_placed": "places its waiting tower on {fields}",
        "say_promotes": "promotes: the tower waits for a free field",
        "say_promotes_on": "promotes: {tower} on {field}",
        "premove_pick": "Premove: the piece on {square} moves as soon as the computer has moved; now choose where to.",
        "premove_set": "Premove {move}: played as soon as the computer has moved, if it is still allowed. Choose the piece again (or press Escape) to drop it.",
        "premove_dropped": "Your premove {move} was dropped: {reason}",
        "analyse": "Analyse",
        "analyse_title": "The strongest level goes through every move: where the game turned",
        "review_heading": "Review",
        "review_progress": "Analysing the moves",
        "review_cancel": "Cancel",
        "review_graph": "Red's winning chances after each move, from 0 to 100 %; above the 50 % line Red is better, below it Blue. Choose a point to go to its move, a dot to see why it was marked.",
        "review_axis": "Red's winning chances after each move",
        "review_arrow_played": "on the board: the move played",
        "review_area_white": "Red's chances",
        "review_area_black": "Blue's",
        "review_arrow_better": "the better move",
        "review_counts": "{player}: {inaccuracies} (?!), {mistakes} (?), {blunders} (??). Accuracy {accuracy} %.",
        "review_turning": "turning point",
        "mark_inaccuracy": "inaccuracy ?!",
        "mark_mistake": "mistake ?",
        "mark_blunder": "blunder ??",
        "review_moment": "{number} {move}{sign}",
        "review_moments_label": "The moves the review explains: choose one to see it on the board",
        "count_inaccuracies": "{n} inaccuracies",
        "count_inaccuracies_one": "1 inaccuracy",
        "count_mistakes": "{n} mistakes",
        "count_mistakes_one": "1 mistake",
        "count_blunders": "{n} blunders",
        "count_blunders_one": "1 blunder",
        "review_failed": "The analysis stopped: {reason}",
        "rematch": "Rematch",
        "rematch_title": "The same game again, colors swapped",
        "ng_turn_board": "Turn the board to the player to move after each move (two players here)",
        "ng_rated": "Rated: the names are the players' profiles on this device",
        "ng_rated_names": "A rated game needs each player's name: it is their profile.",
        "ng_rated_same": "A rated game needs two different names.",
        "ng_rated_position": "A game from a position is practice, not rated: leave the position empty or untick Rated.",
        "ng_rating_note": "{name}: {rating} on this board.",
        "ng_rating_level": "{name}: {rating} on this board; level {level} ({level_rating}) is nearest.",
        "ng_rating_unread": "{name}'s profile cannot be read: {reason}",
        "ng_forfeit": "Starting a new game counts the unfinished rated game against {opponent} as lost.",
        "ng_rating_new": ("{name}: {rating} on this board, new: level {level} is a good start. A new rating"
                          " (? until it settles) moves by hundreds of points in its first games."),
        "unrated_take_back": "Taken back. This game is no longer rated.",
        "rating_change": "{name}: {before} \u2192 {after} ({difference}); {standing}",
        "rating_abandoned": "The unfinished rated game counted as lost. {change}",
        "rating_not_kept": "Not rated: {reason}",
        "rankings": "Rankings",
        "status_rated": "\u00b7 Rated game",
        "rk_single": "Single board",
        "rk_double": "Double board",
        "rk_note": ("The profiles on this device and the computer's levels, by rating (Glicko-2, as lichess rates; ? while a"
                    " rating is still provisional), or the profiles by points and rank status (the manual's: a win"
                    " +10, a draw +5, a loss or a forfeit \u22125; twice that on the double board; a Starter loses nothing)."),
        "rk_empty": "No rated games on this board yet: tick Rated in New game.",
        "rk_level": "Computer, level {level}",
        "bar_rated": "{player}, rated {rating}",
        "rk_level_error": "\u00b1 {error}",
        "rk_games": "Games: {games} (won {wins}, drawn {draws}, lost {losses})",
        "rk_best": "Best win: {rating} ({name})",
        "rk_graph": "{name}'s rating: {first} before the first game, {last} after game {games}",
        "rk_export": "Export",
        "rk_export_title": "Save this profile as a file: to move it to another device or give it to the website",
        "rk_import": "Import a profile\u2026",
        "rk_imported": "{name}'s profile is on this device now.",
        "rk_import_refused": "The file was not imported: {reason}",
        "rk_refused": "A profile that cannot be read is kept as it is: {reason}",
        "rk_no_ladder": "the levels' ratings have not loaded (reload the page once online)",
        # Why a profile does not read, or a count was not kept (web/model/profiles.py).
        "pf_game_not_rated": "its game {number} is not a rated game",
        "pf_game_board": "its game {number} is on no board: {value}",
        "pf_game_result": "its game {number} has no result: {value}",
        "pf_game_ended": "its game {number} ended in no way the game knows: {value}",
        "pf_game_id": "its game {number} has no game id",
        "pf_game_opponent": "its game {number} has no opponent's name",
        "pf_game_number": "its game {number}: \"{field}\" is not a number from {low} to {high}",
        "pf_rated_already": "the game {game} is rated already",
        "pf_not_text": "it is not text",
        "pf_too_long": "it has {chars} characters, far more than a profile holds",
        "pf_not_json": "it is not a Militakiri profile (not JSON)",
        "pf_not_profile": "it is not a Militakiri profile",
        "pf_no_format": "it has no valid format number",
        "pf_newer": "it was written by a newer version of Militakiri: reload the page to update it",
        "pf_check": "it was changed outside the game or cut short (its check code does not match)",
        "pf_name": "its name is not a player's name (1 to {most} characters)",
        "pf_games": "its games are not a list of at most {most}",
        "pf_history": ("its game {number} says it left a rating of {said}, but its games give {folded}: "
                       "it was changed outside the game"),
        "pf_unread_unrated": "{name}'s profile cannot be read ({reason}): the game is not rated",
        "pf_write_refused": "the browser refused to keep {name}'s new rating ({problem})",
        "pf_aside_failed": "the browser could not keep the damaged profile aside: nothing imported",
        "pf_other_profile": ("this device has another profile named {name}, with games the file does not have: "
                             "nothing imported"),
        "pf_not_kept": "the browser did not keep it ({problem})",
        "pf_no_storage": "no storage",
        # Points and rank status (R26, R27: web/model/points.py); the statuses in the manual's words.
        "rs_starter": "Starter",
        "rs_beginner": "Beginner",
        "rs_novice": "Novice",
        "rs_apprentice": "Apprentice",
        "rs_initiate": "Initiate",
        "rs_junior": "Junior",
        "rs_intermediate": "Intermediate",
        "rs_senior": "Senior",
        "rs_veteran": "Veteran",
        "rs_professional": "Professional",
        "rs_specialist": "Specialist",
        "rs_expert": "Expert",
        "rs_champion": "Champion",
        "rs_elite": "Elite",
        "rs_crack": "Crack",
        "rs_master": "Master",
        "rs_grandmaster": "Grandmaster",
        "pf_points": "its game {number} says it left {said} points, but its games give {folded}: it was changed outside the game",
        "pf_standing": "its points and rank status per board are missing or not numbers and statuses",
        "pf_standing_folded": "it says {said} points ({status}) on the {board}, but its games give {folded} ({folded_status}): it was changed outside the game",
        # Profiles read from outside and kept (web/model/profiles.py, web/services/profiles.py):
        # a game twice, the start of the games dropped at the limit, a file too big to read, a
        # board that cannot keep ratings (a cross-site frame), a count another tab wrote over.
        "pf_game_twice": "its game {number} is its game {first} again ({game}): a game counts once",
        "pf_start": "its starting point (what its oldest games left) is not a rating and points a game can give",
        "pf_file_too_big": "the file has {size} bytes, far more than a profile holds (at most {most})",
        "record_paste_too_long": ("What is pasted has {n} characters: far more than a game record ({most} at"
                                  " most). Your game is unchanged."),
        "status_rated_site": "\u00b7 Rated: the site keeps the rating (this board cannot)",
        "status_rated_not_kept": "\u00b7 Not rated here: this browser keeps no data for this page",
        "rating_site_keeps": ("This board cannot keep ratings (the browser keeps nothing for a board inside another"
                              " site): the site has the result, to count it in {names}'s rating."),
        "rating_nowhere": "Not rated: this browser keeps no data for this page, so no rating can be kept.",
        "rating_other_tab": "{name}'s profile was changed in another tab at the same moment: this game was counted too.",
        "rating_other_tab_lost": ("{name}'s profile was changed in another tab at the same moment, and this game"
                                  " could not be added to it: it is not counted ({problem})."),
        "bar_standing": "{status} \u00b7 {points}",
        "bar_rated_standing": "{player}, rated {rating}, {status} with {points} points",
        "points_change": "{status}, {points} points ({change})",
        "status_reached": "{name} is {status} now.",
        "ng_standing": "{status}, {points} points ({moves}).",
        "ng_sees_moves": "sees the possible moves",
        "ng_no_moves": "plays without the possible moves",
        "ng_rated_moves": "In a rated game Starters and Beginners see the dots and rings of their possible moves; from Novice on they do not (the manual's rule). Refusals still say why.",
        "ng_show_moves": "Show possible moves (dots and rings) in unrated games",
        "rk_by_points": "By points",
        "rk_by_rating": "By rating",
        "rk_order": "Order",
        "rk_standing": "{status} \u00b7 {points} points",
        "rk_next": "Next: {status} at {points} points, {left} to go",
        "rk_top": "The highest rank status",
        "rk_rating_plot": "Rating after each game",
        "rk_points_plot": "Points after each game",
        "rk_points_graph": "{name}'s points: {first} before the first game, {last} after game {games}",
        "sound_on": "Sound on",
        "sound_off": "Sound off",
        "sound_title": "Sounds for moves, takes, promotions, low time and the end (remembered)",
        "saved_games_note": "Each game in progress is kept in this browser, also when two tabs play two games.",
        "saved_game_row": "{white} \u2013 {black}, at move {moves}, saved {when}",
        "open_game": "Open",
        # Language and rules ---------------------------------------------------
        "language": "Language",
        "rules_link": "The full rules, with examples on the board",
        "update_ready": "A new version of the game is ready.",
        "update_now": "Load it now",
        # Before Python runs (index.html's status line, written in by tools/prerender.py) ---
        "loading": "Loading the game\u2026",
        # The computer opponent (web/ui/computer.py, web/model/modes/computer.py) -----------------
        "ng_opponent": "Opponent",
        "ng_two_players": "Two players on this device",
        "ng_computer": "Against the computer",
        "ng_level": "Level",
        "ng_side": "You play",
        "ng_side_white": "Red",
        "ng_side_black": "Blue",
        "ng_side_random": "Red or Blue, at random",
        "level_1": "1 \u2013 beginner",
        "level_2": "2 \u2013 novice",
        "level_3": "3 \u2013 easy",
        "level_4": "4 \u2013 casual",
        "level_5": "5 \u2013 medium",
        "level_6": "6 \u2013 club player",
        "level_7": "7 \u2013 strong",
        "level_8": "8 \u2013 strongest",
        "ng_level_rating": "{level} \u00b7 rated {rating}",
        "computer_name": "Computer, level {level}",
        "computer_short": "Level {level}",
        "computer_starting": "{player} is getting ready (the first time takes a few seconds)\u2026",
        "computer_setting_up": "{player} is placing its towers\u2026",
        "computer_thinking": "{player} is thinking\u2026",
        "computer_busy": "Wait for {player}: it is thinking.",
        "computer_failed": "The computer cannot play: {reason}. Start a new game to try again, or reload the page.",
        "ai_err_load": "its helper did not start ({error})",
        "ai_err_script": "its script did not load",
        "ai_err_timeout": "it did not start within {seconds} seconds",
        "ai_err_stuck": "it stopped answering",
        "ai_err_answer": "it gave no usable answer ({error})",
        "hint": "Hint",
        "hint_title": "Show the move the computer would play (games without a clock)",
        "hint_thinking": "Looking for a good move\u2026",
        "hint_shown": "Hint: {move} (highlighted on the board).",
        "hint_failed": "No hint: {reason}.",
        # Learn and Puzzles (web/ui/training.py) ---------------------------
        "learn": "Learn",
        "puzzles": "Puzzles",
        "learn_title": "Learn to play",
        "learn_intro": "Short lessons on the board: each task earns up to three stars, one less for a hint, a refused move or a failed try.",
        "learn_puzzles_text": "Positions from real games where one move wins a tower, or the game.",
        "learn_puzzles_double": "Double board puzzles",
        "learn_puzzles_start": "Solve puzzles",
        "ng_learn": "New to Militakiri? Learn to play first",
        "tr_lesson_task": "{lesson}: task {n} of {total}",
        "tr_task_label": "{lesson}, task {n}: {stars} of 3 stars",
        "tr_solution": "Solution",
        "tr_retry": "Try again",
        "tr_next": "Next task",
        "rule_ref_title": "The rules this refusal applies (opens the rules)",
        "tr_next_mistake": "Next mistake",
        "tr_mistake_title": "Your mistakes: {n} of {total}",
        "tr_mistake_prompt": "{player} played {move} here. Find a better move.",
        "tr_mistake_solved": "Solved: your move keeps the game as well as the computer's best, {best}.",
        "tr_weigh_failed": "The computer could not weigh your move: {reason}",
        "review_learn": "Learn from your mistakes",
        "review_learn_title": "Each of your marked moves as a task: find a better move",
        "tr_next_puzzle": "Next puzzle",
        "tr_list": "All lessons",
        "tr_exit": "Back to the game",
        "tr_solved": "Solved {stars}",
        "tr_failed": "Not yet: {reason}. Try again.",
        "tr_puzzle_title": "Puzzle {id} (rating {rating})",
        "tr_puzzle_win": "{player} to move: find the move that wins the game.",
        "tr_puzzle_tower": "{player} to move: find the move that wins a tower.",
        "tr_puzzle_win_in": "{player} to move: win the game in {n} moves, whatever the reply.",
        "tr_puzzle_solved": "Right! Puzzle solved.",
        "tr_puzzle_failed": "That is not the move.",
        "tr_rating": "Your puzzle rating: {rating}",
        "tr_rating_change": "Your puzzle rating: {rating} ({change}).",
        "pz_dashboard": "Your puzzles",
        "pz_history": "Your puzzle rating: {first} before the first rated puzzle, {last} after puzzle {n}",
        "pz_theme": "Theme",
        "pz_solved": "Solved",
        "pz_failed": "Failed",
        "pz_retry": "Failed at the first try (or solved with help): try them again.",
        "pz_retry_none": "None: every puzzle you tried, you solved.",
        "pz_retry_button": "Puzzle {id} \u00b7 {rating}",
        "theme_goal_win": "Win the game",
        "theme_goal_tower": "Win a tower",
        "theme_board_single": "Single board",
        "theme_board_double": "Double board",
        "theme_moves_1": "One move to find",
        "theme_moves_2": "Two moves to find",
        "theme_moves_3": "Three moves or more",
        "tr_unrated_helped": "Not rated: a hint or the solution helped (your puzzle rating stays {rating})",
        "tr_unrated_again": "Not rated: only a puzzle's first try counts (your puzzle rating stays {rating})",
        "tr_hint_piece": "Look at the piece on {square}.",
        "tr_no_puzzle": "There is no puzzle {id}: here is another one.",
        "tr_reply": "{player} replies\u2026",
        "tr_status_solved": "Solved! Go on to the next one, or try it again.",
        "tr_status_weighing": "The computer weighs your move…",
        "tr_status_solved_last": "Solved! That was the last one: try it again, or go back to the game.",
        "tr_status_failed": "Not this time: try again, or see the solution.",
        "tr_status_solution": "Not this time: here is the solution. Try again when you like.",
        "tr_puzzle_good": "Good move! Keep going: find the next one.",
        "tr_solution_line": "Solution: {line}",
        "tr_load_failed": "Could not load the lessons or puzzles: {reason}",
        "help_computer": "Against the computer: choose it under New game, with a level (1 is the gentlest, 8 the strongest) and your color. It sets up its own towers and thinks while your clock is stopped and its own runs. In games without a clock, Hint shows a good move and Take back takes back your move and its reply.",
        # What players made on the earlier 8-rank board (web/model/earlier.py, docs/earlier-board.md).
        "earlier_board_note": "Played on the earlier {rows}-rank board, before the official {official}-rank board.",
        "saved_game_row_earlier": "{white} \u2013 {black}, at move {moves}, saved {when} \u00b7 on the earlier {rows}-rank board",
        "tr_earlier_puzzle": "Puzzle {id} was on the earlier {rows}-rank board and is no longer offered: here is one on the official {official}-rank board.",
        "pz_history_earlier": "From the earlier {rows}-rank board, still in your puzzle rating: {tries}.",
        "pz_tried_solved": "{id} solved",
        "pz_tried_failed": "{id} failed",
        "pz_retry_earlier": "Puzzle {id} \u00b7 from the earlier {rows}-rank board, no longer offered",
        # A player's way through the page: asked before a hint unrates a game, what a
        # link shares, where a lesson leads back to (web/ui/computer.py, share_dialogs.py, training.py).
        "hint_confirm_title": "Hint in a rated game",
        "hint_confirm_question": "A hint makes this game unrated: it will no longer count for the players' ratings. Show a hint?",
        "hint_confirm_yes": "Show a hint (unrated)",
        "hint_confirm_no": "Keep the game rated",
        "unrated_for_hint": "This game is no longer rated: you asked for a hint.",
        "hint_declined_rated": "No hint: the game stays rated.",
        "share_task_title": "Share this lesson task",
        "share_task_label": "Link to this task",
        "share_task_note": "Whoever opens this link gets this task from its start, in their own language; your moves and stars are not in it.",
        "share_puzzle_title": "Share this puzzle",
        "share_puzzle_label": "Link to this puzzle",
        "share_puzzle_note": "Whoever opens this link gets this puzzle from its start; your moves and your puzzle rating are not in it.",
        "share_position_title": "Share this position",
        "share_position_label": "Link to this position",
        "share_position_note": "This link holds the position of this mistake as a game between two people, to play on from it; your game and its review are not in it.",
        "tr_rating_provisional": "(The ? means provisional: it settles after a few more puzzles.)",
        "rk_level_anchor": "fixed",
        "rk_level_anchor_title": "This level's rating is set, not measured: the other levels are measured from it.",
        # Why a saved game cannot be read (web/services/autosave.py: SavedGameError).
        "sv_not_text": "it is not text",
        "sv_too_long": "it has {chars} characters, far more than a game needs",
        "sv_not_json": "it is not in the form the game saves (JSON)",
        "sv_not_save": "it is not in the form the game saves",
        "sv_no_format": "it has no valid format number",
        "sv_newer": "it was saved by a newer version of Militakiri (format {number}): reload the page to update it",
        "sv_check": "it was changed outside the game or cut short (its check code does not match)",
        "sv_no_game": "it holds no game",
        "sv_clock_not_clock": "its clock is not a clock",
        "sv_link": "{reason}",
        "sv_date": "its date is not a date",
        "sv_clock": "its clock cannot be read: {reason}",
        "sv_rated_id": "its rated game's id is not one",
        "sv_touch_move": "its touch-move setting is not one",
        "sv_touched": "its touched piece on {field} cannot move",
        # Saved games kept, the move limit, Learn's unknown task -------------
        "tr_no_task": "There is no task {id} in Learn: here are the lessons.",
        "autosave_full": "The browser's storage is full: this game could not be saved. Remove a saved game you no longer need (Saved games), and it is saved again.",
        "saved_finished_removed": "To make room, {n} finished games were removed from Saved games, the oldest first; every unfinished game is kept.",
        "saved_finished_removed_one": "To make room, 1 finished game was removed from Saved games, the oldest; every unfinished game is kept.",
        "remove_game": "Remove",
        "move_limit": "This game has reached {n} moves, the most a game holds here (so that its record, link and save can be read back): no more moves can be played, and no clock runs. No rule makes it a draw (R17): it ends when a player resigns (R23).",
        # Asked before a take-back unrates a rated game (web/model/modes/rated.py: question) ----------
        "take_back_confirm_title": "Take back in a rated game",
        "take_back_confirm_question": "Taking back makes this game unrated: it will no longer count for the players' ratings. Take back?",
        "take_back_confirm_yes": "Take back (unrated)",
        "take_back_declined_rated": "Nothing taken back: the game stays rated.",
        # Saved games: Remove asks before an unfinished game goes; an empty list says so --------
        "saved_remove_question": "Remove this unfinished game? It cannot be brought back.",
        "saved_remove_yes": "Remove it",
        "saved_keep": "Keep it",
        "saved_none": "No other saved games.",
    },
}

from web.i18n.texts_nl import NL  # noqa: E402 (the Dutch table, web/i18n/texts_nl.py)

TEXTS["nl"] = NL

#: The languages, each named in itself (for the language switch).
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}
#: Their order on the switch (a dict's order is not kept everywhere: MicroPython).
LANGUAGES = ("en", "nl")
DEFAULT_LANGUAGE = "en"


def choose_language(asked: str | None, stored: str | None, preferred: Iterable[str]) -> str:
    """The page's language: the one the URL ``asked`` for (``?lang=``),
    else the player's earlier choice (``stored``), else the first of the
    browser's ``preferred`` languages (navigator.languages, e.g.
    ``["nl-BE", "en"]``) we have, else English.

    >>> choose_language(None, "nl", ["en"]), choose_language(" NL_be", None, []), choose_language("fr", "", ["de"])
    ('nl', 'nl', 'en')
    """
    for code in [asked or "", stored or ""] + [str(p) for p in (preferred or [])]:
        code = strip_space(code).lower().replace("_", "-").split("-")[0]
        if code in TEXTS:
            return code
    return DEFAULT_LANGUAGE

_language = "en"


def set_language(code: str) -> None:
    if code not in TEXTS:
        raise KeyError(f"no texts for language {code!r}")
    global _language
    _language = code


def language() -> str:
    return _language


def t(key: str, **args: object) -> str:
    """The text ``key`` in the current language, with ``{placeholders}`` filled.

    A key missing from the current language falls back to English; a key
    missing from English shows itself (and a test fails).
    """
    table = TEXTS.get(_language, TEXTS["en"])
    # One thing is said apart where the language has a form for it
    # (KEY_one: "1 mistake", "1 fout"), never "1 mistakes".
    one = key + "_one" if args.get("n") == 1 and args.get("n") is not True else None
    template = table[one] if one in table else table.get(key, TEXTS["en"].get(key, key))
    return as_read(key, _filled(template, args, _language))


def _filled(template: str, args: dict[str, object], lang: str) -> str:
    """``template`` with ``args``, an engine sentence (militakiri.messages.Text) in ``lang``."""
    return template.format(**{name: say(value, lang) for name, value in args.items()}) if args else template


#: Keys whose texts keep the rulings they cite: How to play.
RULES_KEYS = "help_"


def as_read(key: str, said: str) -> str:
    """The text ``key`` as a player reads it: the rulings' ids are for How
    to play and a refusal's details (cited), not for every sentence (a new
    player's trial found them in the way). t() and the build's prerendered page (tools/prerender.py) both say
    it so."""
    return said if key.startswith(RULES_KEYS) else without_rulings(said)


def cited(key: str, **args: object) -> list[str]:
    """The ruling ids the text ``key`` with ``args`` cites (its English
    template's and its engine sentences'): a refusal's details."""
    return rulings_cited(_filled(TEXTS["en"].get(key, ""), args, "en"))


class TextError(ValueError):
    """Something the page read and cannot use, and why: a text key of the
    tables above and its values, said in the page's language when shown
    (the language may change between the error and its showing)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        return t(self.key, **self.values)
