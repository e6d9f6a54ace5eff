"""Dutch: every word the page shows, with the words of the Dutch manual
(militakiri-snelle-start-nl.txt): pion, rang, toren, reservetoren,
opstelzone, eindspelregel, zettenregel, enkel en dubbel bord, Wit en Zwart.

A ``{shape}`` here is ``ster``, ``kruis`` or ``plus`` and makes one word
with what follows (``{shape}toren`` = kruistoren). A ``{piece}`` reads like
``kruistoren van Wit``. Same keys and placeholders as ``TEXTS["en"]`` (a
test checks); texts.py imports this table as ``TEXTS["nl"]``.
"""

NL: dict[str, str] = {
    # Page and controls ------------------------------------------------------
    "title": "Militakiri",
    "new_game": "Nieuw spel",
    "flip": "Bord draaien",
    "take_back": "Terugnemen",
    "resign": "Opgeven",
    "help": "Zo speel je",
    "board_label": "Militakiri-bord",
    "board_role": "speelbord",
    "moves_heading": "Zetten",
    "pieces_heading": "Stukken",
    "no_moves_yet": "Nog geen zetten.",
    "random_setup": "Willekeurige opstelling",
    "clear_setup": "Wissen",
    "setup_ready": "Klaar",
    "spares": "Reservetorens",
    "spares_short": "Reserve",
    "waiting": "Wacht",
    "moves_left_short": "nog {n}",
    "moves_left_title": "Zetten over onder de eindspelregel (R17)",
    "clock_label": "Klok van {player}",
    "endgame_on": "Eindspelregel actief (R16): elk stuk beweegt en neemt 1 veld.",
    "endgame_left": "Zetten over (R17): {white} {wleft}, {black} {bleft}.",
    "board_aria": "{status} Cursor: {cursor}.",
    "cursor_none": "geen (gebruik de pijltjestoetsen)",
    "cursor_on": "{square}, {what}",
    "cursor_empty": "{square}, leeg",
    "hidden_setup": "De opstelling van {side} is verborgen (R4)",
    "legend_star": "Ster: beweegt en neemt in alle 8 richtingen.",
    "legend_cross": "Kruis: beweegt diagonaal, neemt recht.",
    "legend_plus": "Plus: beweegt recht, neemt diagonaal.",
    "legend_tower": "Toren (met kantelen): beweegt en neemt over elke afstand.",
    "legend_pawn": "Pion (schijf): 1 veld. Een rang van h pionnen (gestapeld, met het getal): tot h velden.",
    "legend_marks": "Stippen: zetten. Ringen: slagen.",
    "keys_help": "Toetsen: pijltjes verplaatsen de cursor, Enter kiest of zet, Escape annuleert. "
                 "Home, End, Page Up en Page Down (en \u2190 \u2192 buiten het bord) lopen door de zetten.",
    "help_goal": "Doel: speel alle torens van je tegenspeler van het bord (R19).",
    "help_hotseat": "Twee mensen spelen om beurten op dit apparaat.",
    "help_vs_computer": "Je speelt op dit apparaat tegen de computer: die doet zijn eigen zetten.",
    "help_setup": "Opstelling: elke speler klikt de velden van zijn torens op zijn eigen drie rijen aan "
                  "\u2013 de stertoren op de eerste rij, de kruistoren op de tweede, de plustoren op de derde; "
                  "de pionnen vullen zich vanzelf aan. De tweede speler stelt op terwijl de eerste opstelling "
                  "verborgen blijft. Daarna beslist de dobbelsteen wie begint.",
    "help_move": "Zetten: klik op een van je stukken (of sleep het). Stippen tonen waar het heen kan, ringen "
                 "wat het kan nemen. Een plus beweegt recht en neemt diagonaal, een kruis beweegt diagonaal en "
                 "neemt recht, een ster doet allebei. Een toren gaat over elke afstand, een pion 1 veld, een rang "
                 "van h pionnen tot h velden. Niets springt.",
    "help_take": "Nemen: een toren haalt weg wat hij neemt; een genomen toren gaat van het bord. Een lagere "
                 "stapel die een hogere neemt, haalt die weg; een hogere of gelijke gaat er bovenop.",
    "help_promote": "Promotie: een kruis- of plusrang 3, of een sterrang 4, wordt een reservetoren van die vorm: "
                    "klik er een gemarkeerd veld van je opstelzone voor aan. Is de zone vol, dan wacht de toren "
                    "en wordt hij bij een latere beurt eerst geplaatst.",
    "help_endgame": "Eindspelregel: zodra een speler geen pionnen of rangen meer op het bord heeft en nog maar "
                    "\u00e9\u00e9n toren (R16), beweegt en neemt elk stuk van beide spelers 1 veld, en heeft elke "
                    "speler nog 50 zetten (100 op het dubbel bord); gebruiken beiden ze op en overleeft de laatste "
                    "toren, dan is het gelijkspel (R17). De laatste toren zo blokkeren dat hij niet meer kan "
                    "zetten, mag nooit (R18).",
    "help_controls": "Bediening: klikken, tikken of slepen; de pijltjestoetsen verplaatsen een cursor op het bord, "
                     "Enter kiest en zet, Escape annuleert. Bord draaien keert het om. Terugnemen kan in partijen "
                     "zonder klok. De knoppen \u00ab \u2039 \u203a \u00bb, een klik op een zet, of Home, End, "
                     "Page Up, Page Down (en \u2190 \u2192 als het bord de focus niet heeft) tonen eerdere "
                     "standen; verder spelen gaat vanaf de laatste zet. Delen geeft een link met de hele partij; "
                     "Partijverslag bewaart of opent een verslag. De partij wordt na elke zet in deze browser "
                     "bewaard.",
    # Sides, shapes, pieces ----------------------------------------------------
    "white": "Wit",
    "black": "Zwart",
    "name_side": "{name} ({side})",
    "shape_star": "ster",
    "shape_cross": "kruis",
    "shape_plus": "plus",
    "piece_tower": "{shape}toren van {side}",
    "piece_pawn": "{shape}pion van {side}",
    "piece_rank": "{shape}rang {height} van {side}",
    # New game dialog -----------------------------------------------------------
    "ng_title": "Nieuw spel",
    "ng_board": "Bord",
    "ng_single": "Enkel bord (6 \u00d7 8)",
    "ng_double": "Dubbel bord (12 \u00d7 8)",
    "ng_time": "Maximale duur van de partij",
    "ng_time_note": "Verdeeld over twee gelijke klokken; wie door zijn tijd heen is, verliest (R21).",
    "ng_touch": "Aanraken is zetten: een stuk dat je kiest, moet zetten (R25)",
    "preset_none": "Geen klok",
    "preset_g10": "10 minuten (5 min per speler)",
    "preset_g20": "20 minuten (10 min per speler)",
    "preset_g30": "30 minuten (15 min per speler) + 10 s per zet",
    "preset_g60": "1 uur (30 min per speler)",
    "preset_custom": "Zelf kiezen\u2026",
    "ng_minutes": "Minuten",
    "ng_seconds": "Seconden",
    "ng_extra": "Extra per zet",
    "extra_none": "Geen",
    "extra_fischer": "Fischer-toeslag",
    "extra_bronstein": "Bronstein-vertraging",
    "ng_bonus": "Seconden per zet",
    "ng_white_name": "Naam van Wit",
    "ng_black_name": "Naam van Zwart",
    "ng_position": "Begin vanaf een standnotatie (optioneel)",
    "ng_position_hint": "Voor puzzels en analyse: slaat de opstelling en de dobbelsteen over.",
    "ng_start": "Begin",
    "cancel": "Annuleren",
    "close": "Sluiten",
    "err_preset": "Kies een bedenktijd.",
    "err_not_number": "De duur van de partij en de seconden per zet moeten getallen zijn.",
    "err_negative": "Tijden kunnen niet negatief zijn.",
    "err_too_long": "Een partij duurt hoogstens 24 uur.",
    "err_too_short": "De partij moet minstens 2 seconden duren (1 seconde per speler).",
    "err_extra": "Kies een extra per zet.",
    "err_time": "Die bedenktijd is niet mogelijk.",
    "err_position": "Die standnotatie is niet te lezen: {reason}",
    "query_ignored": "In dit adres is {names} niet te lezen; dat is weggelaten.",
    "tc_none": "Geen klok",
    "tc_game": "Partij van {game} ({each} per speler)",
    "tc_fischer": ", +{s} s per zet",
    "tc_bronstein": ", {s} s vertraging per zet",
    "unit_h": "{n} u",
    "unit_min": "{n} min",
    "unit_s": "{n} s",
    # Dice dialog -----------------------------------------------------------------
    "dice_title": "Wie begint?",
    "dice_note": "Elke speler gooit met een dobbelsteen; de hoogste worp begint. "
                 "Bij gelijke worpen wordt opnieuw gegooid (R6).",
    "dice_roll": "Gooi de dobbelstenen",
    "dice_start": "Begin de partij",
    "dice_tie": "gelijk: opnieuw gooien",
    "dice_first": "{player} begint",
    "die_label": "dobbelsteen met {n} ogen",
    # Resign dialog ---------------------------------------------------------------
    "resign_title": "Opgeven",
    "resign_question": "Wie geeft op? Opgeven verliest de partij (R23).",
    "resign_as": "{player} geeft op",
    # Result dialog ---------------------------------------------------------------
    "result_title": "Partij voorbij",
    "result_wins": "{winner} wint",
    "result_draw": "Gelijkspel",
    "why_towers": "{loser} heeft geen toren meer op het bord (R19).",
    "why_no-moves": "{loser} kan geen reglementaire zet meer doen (R20).",
    "why_time": "De tijd van {loser} is op (R21).",
    "why_deadline": "{loser} heeft niet op tijd gezet (R22).",
    "why_resignation": "{loser} heeft opgegeven (R23).",
    "why_move-rule": "Beide spelers hebben hun zetten onder de eindspelregel opgebruikt en de laatste toren "
                     "bleef staan (R17).",
    "result_record": "Partijverslag",
    "show_board": "Bekijk het bord",
    # Status line ---------------------------------------------------------------
    "setup_place": "{player}: klik waar je torens komen \u2013 stertoren op rij {r1}, kruistoren op rij {r2}, "
                   "plustoren op rij {r3} (R4). De pionnen vullen zich aan.",
    "setup_place_double": "{player}: klik waar je torens komen \u2013 twee stertorens op rij {r1}, twee kruistorens "
                          "op rij {r2}, twee plustorens op rij {r3}; nooit twee naast elkaar (R4, R5). "
                          "De pionnen vullen zich aan.",
    "setup_done_white": "{player}: opstelling klaar. Druk op Klaar; dan stelt Zwart op, en jouw opstelling "
                        "blijft verborgen (R4).",
    "setup_done_black": "{player}: opstelling klaar. Druk op Klaar om beide opstellingen te tonen.",
    "setup_finished": "Beide opstellingen zijn klaar: gooi de dobbelstenen.",
    "roll_prompt": "Beide opstellingen zijn zichtbaar. Gooi de dobbelstenen om te zien wie begint (R6).",
    "start_prompt": "{player} begint. Druk op Begin de partij.",
    "to_move": "{player} is aan zet: kies een stuk.",
    "selected": "De {piece} op {square}: stippen zijn zetten, ringen zijn slagen.",
    "selected_touched": "De {piece} op {square}, aangeraakt: die moet zetten (aanraken is zetten, R25). "
                        "Stippen zijn zetten, ringen zijn slagen.",
    "touch_move_bound": "Aanraken is zetten: je raakte het stuk op {square} aan, dus dat stuk moet zetten (R25).",
    "place_waiting": "{player}: plaats eerst je wachtende {shape}toren op een gemarkeerd veld (R15).",
    "choose_tower_field": "{player}: klik een gemarkeerd veld van je opstelzone aan voor je nieuwe "
                          "{shape}toren (R13).",
    "tower_waits": "{player}: de nieuwe {shape}toren wacht, de opstelzone is vol (R15).",
    "over": "{title}: {reason}",
    "engine_says": "{reason}",
    "illegal_move": "Niet toegestaan: {reason}",
    "no_such_move": "{move} is geen reglementaire zet.",
    "no_piece": "Op {square} staat geen stuk. Kies een van je stukken.",
    "not_your_piece": "Op {square} staat een {piece}; {player} is aan zet.",
    "no_moves": "De {piece} op {square} kan nu geen zet doen.",
    "pick_tower_field_first": "Kies eerst een gemarkeerd veld voor de nieuwe toren, of druk op Escape "
                              "om de slag terug te nemen.",
    "place_waiting_first": "Je wachtende {shape}toren gaat voor, op een gemarkeerd veld van je opstelzone (R15).",
    "game_over_click": "De partij is voorbij \u2013 {title}: {reason} Begin een nieuw spel om weer te spelen.",
    "no_take_back": "Zetten terugnemen kan alleen in partijen zonder klok.",
    # Sharing, records, replay, autosave ------------------------------------
    "share": "Delen",
    "record": "Partijverslag",
    "resume": "Verder",
    "unit_d": "{n} d",
    "tc_corr": "Correspondentie: {each} per zet (R22)",
    "preset_corr1": "Correspondentie: 1 dag per zet",
    "preset_corr3": "Correspondentie: 3 dagen per zet",
    "replay_group": "Door de partij bladeren",
    "replay_first": "Beginstand",
    "replay_prev": "Vorige zet",
    "replay_next": "Volgende zet",
    "replay_last": "Laatste zet: verder spelen",
    "icon_first": "\u00ab",
    "icon_prev": "\u2039",
    "icon_next": "\u203a",
    "icon_last": "\u00bb",
    "replay_start": "Beginstand, v\u00f3\u00f3r de eerste zet. Druk op \u00bb of End om terug te gaan naar de partij.",
    "replay_at": "Na {label} {move} (de partij is bij {last}). Druk op \u00bb of End om terug te gaan naar de partij.",
    "paused": "{player} is aan zet. De klokken staan stil: druk op Verder om door te gaan.",
    "paused_click": "De klokken staan stil: {player} drukt eerst op Verder.",
    "autosave_off": "Automatisch bewaren staat uit: deze browser laat de pagina hier niets bewaren. "
                    "Gebruik Delen of Partijverslag om de partij te houden.",
    "autosave_off_embed": "Automatisch bewaren staat uit: deze browser laat het bord hier niets bewaren.",
    "link_opened": "De partij uit de link is geopend (gespeelde zetten: {n}).",
    "record_opened": "Het partijverslag is geopend (gespeelde zetten: {n}).",
    "link_no_clock": "Kloktijden staan niet in een link of verslag: deze partij gaat verder zonder klok.",
    "corr_new_deadline": "De tijd voor deze zet begint nu (R22).",
    "corr_due": "Correspondentie (R22): {player} moet zetten v\u00f3\u00f3r {deadline} \u2013 nog {left}.",
    "share_title": "Deel deze partij",
    "share_note": "De hele partij zit in deze link: bord, opstellingen, dobbelstenen, bedenktijd, namen en elke "
                  "zet. Wie hem opent, ziet de laatste zet, kan door de partij bladeren en, als hij aan zet is, "
                  "verder spelen.",
    "share_corr": "Stuur deze link naar {player}: die is aan zet, v\u00f3\u00f3r {deadline}.",
    "share_link_label": "Link naar deze partij",
    "share_length": "{n} tekens",
    "copy": "Kopi\u00ebren",
    "copied": "Gekopieerd.",
    "copy_failed": "Kopi\u00ebren lukte niet: selecteer de tekst en kopieer hem zelf.",
    "record_title": "Partijverslag",
    "record_export": "Deze partij",
    "record_export_note": "Het partijverslag bevat de opstellingen, de dobbelstenen, de bedenktijd, "
                          "de namen en elke zet.",
    "record_none": "Er is nog geen partij: maak eerst de opstelling af en gooi de dobbelstenen.",
    "download": "Downloaden",
    "record_import": "Een partijverslag openen",
    "record_import_note": "Plak een verslag of kies een bestand: de partij opent bij de laatste zet, "
                          "en je kunt erdoor bladeren.",
    "record_paste_label": "Verslag om te openen",
    "record_file_label": "Verslagbestand",
    "record_open": "Openen",
    "record_empty": "Plak eerst een verslag of kies een bestand.",
    "record_bad": "Dit verslag kan niet geopend worden: {reason}. Je partij is niet veranderd.",
    "record_too_big": "Dat bestand heeft {n} bytes: veel meer dan een partijverslag. Je partij is niet veranderd.",
    "record_file_error": "Het bestand kon niet gelezen worden. Je partij is niet veranderd.",
    "problem_link_title": "Deze partijlink kan niet geopend worden",
    "link_bad": "{reason}. Er is niets geladen, en je bewaarde partij blijft bewaard.",
    "problem_saved_title": "Je bewaarde partij is niet te lezen",
    "saved_bad": "De bewaarde partij is niet te lezen: {reason}. Er is niets van geladen, en ze blijft "
                 "bewaard zoals ze is. Begin een nieuw spel, of sluit dit bericht.",
    "autosave_failed": "Deze zet kon niet bewaard worden: de opslag van de browser is vol of weigerde. "
                       "Gebruik Delen of Partijverslag om de partij te bewaren.",
    "autosave_stale": "Dit is de partij zoals ze het laatst bewaard is, bij zet {n}: de zetten daarna konden "
                      "niet bewaard worden (de opslag van de browser was vol).",
    "saved_others": "Andere bewaarde partijen: {n}.",
    "saved_games": "Bewaarde partijen",
    "say_moves": "{piece} {origin} naar {target}",
    "say_takes": "{piece} {origin} slaat {target}",
    "say_placed": "zet zijn wachtende toren op {fields}",
    "say_promotes": "promoveert: de toren wacht op een vrij veld",
    "say_promotes_on": "promoveert: {tower} op {field}",
    "premove_pick": "Voorzet: het stuk op {square} zet zodra de computer gezet heeft; klik nu waarheen.",
    "premove_set": "Voorzet {move}: gespeeld zodra de computer gezet heeft, als het dan nog mag. Escape laat hem vallen.",
    "premove_dropped": "Je voorzet {move} is vervallen: {reason}",
    "rematch": "Revanche",
    "rematch_title": "Hetzelfde spel nog eens, met de kleuren omgewisseld",
    "ng_turn_board": "Draai het bord na elke zet naar de speler aan zet (twee spelers hier)",
    "sound_on": "Geluid aan",
    "sound_off": "Geluid uit",
    "sound_title": "Geluid bij zetten, slaan, promoties, weinig tijd en het einde (onthouden)",
    "saved_games_note": "Elke lopende partij blijft in deze browser bewaard, ook als twee tabbladen twee partijen spelen.",
    "saved_game_row": "{white} \u2013 {black}, bij zet {moves}, bewaard {when}",
    "open_game": "Openen",
    # Language and rules ------------------------------------------------------
    "language": "Taal",
    "rules": "Spelregels",
    "rules_link": "De volledige spelregels, met voorbeelden op het bord",
    "update_ready": "Er is een nieuwe versie van het spel.",
    "update_now": "Nu laden",
    # Voordat Python draait (web/boot/first_stage.js) -------------------------------
    "loading_progress": "Het spel wordt geladen: hoeveel er binnen is",
    "loading": "Het spel wordt geladen\u2026",
    "loading_first": "Eerste bezoek: het spel wordt geladen (ongeveer {mb} MB). Daarna start het sneller "
                     "en speelt het ook offline.",
    "loading_chosen": "Je partij begint zodra het spel geladen is\u2026",
    # Tegen de computer (web/ui/computer.py, web/model/opponent.py) ---------------------
    "ng_opponent": "Tegenspeler",
    "ng_two_players": "Twee spelers op dit apparaat",
    "ng_computer": "Tegen de computer",
    "ng_level": "Niveau",
    "ng_side": "Jij speelt",
    "ng_side_white": "Wit",
    "ng_side_black": "Zwart",
    "ng_side_random": "Wit of Zwart, door het lot",
    "level_1": "1 \u2013 voor beginners",
    "level_2": "2 \u2013 makkelijk",
    "level_3": "3 \u2013 gemiddeld",
    "level_4": "4 \u2013 sterkst",
    "computer_name": "Computer, niveau {level}",
    "computer_starting": "{player} maakt zich klaar (de eerste keer duurt dat een paar seconden)\u2026",
    "computer_setting_up": "{player} zet zijn torens op\u2026",
    "computer_thinking": "{player} denkt na\u2026",
    "computer_busy": "Wacht op {player}: die denkt na.",
    "computer_failed": "De computer kan niet spelen: {reason}. Begin een nieuw spel om het opnieuw te proberen, "
                       "of laad de pagina opnieuw.",
    "ai_err_load": "zijn hulpprogramma startte niet ({error})",
    "ai_err_script": "zijn script laadde niet",
    "ai_err_timeout": "hij startte niet binnen {seconds} seconden",
    "ai_err_stuck": "hij antwoordt niet meer",
    "ai_err_answer": "hij gaf geen bruikbaar antwoord ({error})",
    "hint": "Tip",
    "hint_title": "Toon de zet die de computer zou spelen (partijen zonder klok)",
    "hint_thinking": "Even zoeken naar een goede zet\u2026",
    "hint_shown": "Tip: {move} (gemarkeerd op het bord).",
    "hint_failed": "Geen tip: {reason}.",
    "help_computer": "Tegen de computer: kies het bij Nieuw spel, met een niveau (1 is het zachtst, 4 het sterkst) "
                     "en je kleur. De computer stelt zijn eigen torens op en denkt terwijl jouw klok stilstaat en "
                     "de zijne loopt. In partijen zonder klok toont Tip een goede zet en neemt Terugnemen je zet "
                     "en zijn antwoord terug.",
}
