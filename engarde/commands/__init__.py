"""engarde's commands, one module per part of the GM's work, each imported only when one of its
commands runs; the rules modules' own commands are in their packages (``RuleModule.commands``).

The index below gives every command's place and its one-line help, which is all ``engarde
--help`` (and ``engarde orders --help``) shows: so neither imports the database layer, the rules
or WeasyPrint (see ``engarde.cli.Group``).  tests/test_cli_startup.py checks the index against
the commands themselves: a command added, renamed or reworded fails it until the index says so.
"""

# name: ("package.module:object", its one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "appointment": ("engarde.rules.appointments.commands:appointment",
        "Appointments: the answers of players who appoint to a post."),
    "audit": ("engarde.commands.characters:audit",
        "Recompute every sheet from its ledger."),
    "backup": ("engarde.commands.campaign:backup_command",
        "Write the whole campaign to FILE (a zip): every row of its database and the files of its "
        "orders folder."),
    "character": ("engarde.commands.characters:character",
        "Create and list characters; their order passwords, welcome texts and addresses."),
    "conflict": ("engarde.house.social_conflict.commands:conflict",
        "Social conflicts: what men won over owe, for the GM to rule on."),
    "db": ("engarde.commands.campaign:db",
        "The campaign's database: its schema version, and upgrading it to this engarde's."),
    "deadline": ("engarde.commands.deadline:deadline",
        "The GM's routine at the deadline, in order: read the order mail (the campaign's orders "
        "folder, or its IMAP folder), mail the confirmations, check who is missing, resolve the "
        "month, write the gazette and the reports, and mail them (when the campaign has [mail.smtp] "
        "settings)."),
    "demo": ("engarde.commands.campaign:demo",
        "Run the demo campaign's first month afresh, in any folder."),
    "duel": ("engarde.rules.duel.commands:duel",
        "Duels: the GM's rulings on cause, checking a sequence, a month's fights."),
    "front": ("engarde.rules.military.commands:front",
        "Show the season's military campaign: the Force Commitment, Deployment and Organisation "
        "rolls, each unit's mission, who serves where, and (once fought) the battle results and each "
        "character's personal outcome."),
    "gazette": ("engarde.commands.turns:gazette",
        "Write the gazette of a resolved month (default: the last one)."),
    "init": ("engarde.commands.campaign:init",
        "Begin a campaign: in a folder without campaigns.toml, write one (from the options, or by "
        "asking at a terminal), make its orders/ and newsletters/ folders and set up its database; in "
        "a folder with one, set up the database of its campaign."),
    "loans": ("engarde.rules.loans.commands:loans",
        "List the loans outstanding: who owes whom, how much, and when it falls due."),
    "mail": ("engarde.commands.mail:mail",
        "Send mail: confirmations, reminders, the reports and the gazette, welcomes (through "
        "[campaigns.ID.mail.smtp]; every message is recorded, none is sent twice)."),
    "mistress": ("engarde.rules.mistresses.commands:mistress",
        "The campaign's mistresses: roll them at the start, list, rename, add."),
    "notes": ("engarde.commands.notes:notes",
        "The GM's notes for a month's gazette (Points Arising): add, list, remove."),
    "orders": ("engarde.cli:orders",
        "Read, check and list order mail."),
    "pending": ("engarde.commands.turns:pending",
        "List every request waiting for a player's answer: applications to a regiment a player "
        "commands, applications to a post a player appoints to, substitution petitions to a player "
        "Field Marshal (and petitions waiting for the summer's roll)."),
    "petition": ("engarde.rules.military.commands:petition",
        "Substitution petitions: a player Field Marshal's answers."),
    "press": ("engarde.rules.press.commands:press",
        "Print the letters to the gazette of a month (default: the month to resolve), exactly as the "
        "gazette's press section will print them, with who sent each."),
    "regiment": ("engarde.rules.regiments.commands:regiment",
        "Show a regiment's roster: its ten officers above Subaltern, by rank and seniority (vacancies "
        "at the bottom of their rank), who commands what (acting or not), the Colonel's MA, and the "
        "characters serving below Captain."),
    "report": ("engarde.commands.turns:report_command",
        "Print a character's private report of a resolved month (default: the last) as its text says "
        "it, with next month's sheet to fill in; --json adds his sheet at the month's end and his "
        "ledger entries of the month."),
    "restore": ("engarde.commands.campaign:restore_command",
        "Load a backup written by 'engarde backup' into the campaign's database, in one transaction."),
    "secrets": ("engarde.house.secrets.commands:secrets",
        "The campaign's secrets: list them and where each copy is, put one into play, give a copy."),
    "sheet": ("engarde.commands.characters:sheet",
        "Show a character sheet and where every value came from."),
    "site": ("engarde.commands.site:site",
        "The campaign's web archive: every published gazette, a page per character, an Atom feed."),
    "status": ("engarde.commands.campaign:status",
        "Say which month is next, when its deadline falls, who has sent no orders, and which engarde "
        "command is working on the campaign now, if one is."),
    "tables": ("engarde.commands.campaign:tables_command",
        "Print the tables in force for the campaign: every module's numbers (or MODULE's), with the "
        'values campaigns.toml changes marked "*" and their book values beside them.'),
    "turn": ("engarde.commands.turns:turn",
        "Resolve a month, or undo the last one."),
}

# engarde orders NAME
ORDERS: dict[str, tuple[str, str]] = {
    "check": ("engarde.commands.check:check",
        "Check one order sheet without storing it."),
    "confirmations": ("engarde.commands.orders:orders_confirmations",
        "Print the stored confirmations, for the GM to send: for each sheet, whether it was taken, "
        "the month as understood week by week, the standing orders on file, the letters to the "
        "gazette as they will print, and each error with its line."),
    "ingest": ("engarde.commands.orders:orders_ingest",
        "Read order mail for the month to resolve: a folder of .eml or text files, a Maildir, an mbox "
        "file, or (--imap) the campaign's IMAP folder."),
    "list": ("engarde.commands.orders:orders_list",
        "List the order sheets stored for a month: status, character, sender, source and why (a "
        "rejected sheet's reason is for the GM to see)."),
    "missing": ("engarde.commands.orders:orders_missing",
        "List the characters who have sent no orders for the current month."),
    "template": ("engarde.commands.orders:orders_template",
        "Print a character's order sheet for a month, ready to fill in: his name, the month, a "
        "Password line, the four weeks (last month's orders beside them as # comments), his standing "
        "orders on file and the deadline."),
}
