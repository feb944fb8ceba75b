"""Leaguewright settings: one module, driven by environment variables.

Development and the test suite run on embedded defaults (SQLite and kombu's filesystem
broker under ``var/``); production sets ``DATABASE_URL``, ``CELERY_BROKER_URL``,
``SECRET_KEY`` and ``ALLOWED_HOSTS``. See the README for every variable.
"""

import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from lib.env import env_bool, env_int, env_list, env_rate, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
# The var folders are made by the programs that start the site (lib.var_folders).
VAR_DIR = Path(env_str("LEAGUEWRIGHT_VAR_DIR", str(BASE_DIR / "var"))).resolve()

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if env_bool("LEAGUEWRIGHT_OFFLINE_COMMAND", False):
        # manage.py's file and in-memory commands (validate_game, play_bots...): they
        # sign nothing, so a key made for this one run will do.
        SECRET_KEY = secrets.token_urlsafe(50)
    elif not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    else:
        SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # intcomma: a count of thousands as each language writes it
    "django.forms",  # its form templates, for FORM_RENDERER
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "django_celery_results",
    "django_htmx",
    "axes",
    "accounts",
    "games",
    "tournaments",
    "home",
    "standings",
    "scoring",
    "bots",
    "play",
    "room",
    "integrations",
    "series",
    "declarations",
]

MIDDLEWARE = [
    "config.errors.RequestSizeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "lib.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a signed-in person's language comes from the profile.
    "lib.language.LocaleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last: answers a locked-out login (accounts.lockout).
    "axes.middleware.AxesMiddleware",
]
if DEBUG:  # the site's own 404 page, not Django's list of every URL pattern
    MIDDLEWARE.insert(
        MIDDLEWARE.index("lib.language.LocaleMiddleware") + 1,
        "config.errors.SiteNotFoundMiddleware",
    )

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The site's folder, the apps' and each game's own (games.template_loader).
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "games.template_loader.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # base.html's parts drawn once per process (lib/page_chrome.py).
            "libraries": {"page_chrome": "lib.page_chrome"},
        },
    },
]

# Forms render through the templates above: templates/django/forms/ gives every label a
# capital first letter.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

# Database: SQLite under var/ unless DATABASE_URL says otherwise.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'leaguewright.sqlite3'}"),
        # Opening a PostgreSQL connection costs more than serving a page: keep them.
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A Celery worker is a second process on the same file: wait for locks, use WAL,
    # and take the write lock at BEGIN so two writers queue instead of deadlocking.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-leaguewright.sqlite3")}
else:
    # Parameters bound by the server, and a statement a connection has run five times
    # prepared for its next runs (psycopg's threshold; Django turns it off unless
    # asked): PostgreSQL then plans it once per connection instead of on every run, and
    # planning was most of the hot pages' queries (the event page's: 1 ms of planning
    # to 0.2 ms of running).
    # Behind PgBouncer, use its session mode or set DATABASE_PREPARE_THRESHOLD=0.
    prepare_threshold = env_int("DATABASE_PREPARE_THRESHOLD", 5)
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": True,
        "prepare_threshold": prepare_threshold or None,
    }
    if DATABASE_POOL_SIZE := env_int("DATABASE_POOL_SIZE", 0):
        # A pool of at most this many PostgreSQL connections per process, taken for a
        # request and given back after it, instead of one kept per thread: a server with
        # more threads than PostgreSQL takes connections (long-polls waiting on games).
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2,
            "max_size": DATABASE_POOL_SIZE,
            "timeout": 30,
        }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# Brute force (accounts.lockout): django-axes counts failed logins on the login page and
# at /api/token/.
# A session keeps the path of the backend that signed it in, and Django loads its reader
# only through a backend still listed: ModelBackend stays after the reader's (which signs
# everyone in since) for the sessions it signed in before.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.reader_backend.ReaderBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# A lockout is per account at an address (a stranger's guesses never lock ann out), and
# per address past a higher cap (one address guessing at many accounts).
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 50)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "accounts.lockout.LockoutHandler"
AXES_USERNAME_CALLABLE = "accounts.lockout.attempted_username"
AXES_CLIENT_IP_CALLABLE = "lib.client_address.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
AXES_VERBOSE = False
# API tokens (accounts.tokens) stop working after this many days; a new password
# revokes them at once.
API_TOKEN_DAYS = env_int("API_TOKEN_DAYS", 30)
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
# With the file backend (the test suite's worker), each message is a file here.
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(VAR_DIR / "outbox"))
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "leaguewright@localhost")
# The site's address as people reach it, for links in e-mails: bin/run sets it from its
# host and port; production must give it (lib.deploy_checks refuses this default there).
DEVELOPMENT_SITE_URL = "http://localhost:8000"
SITE_URL = env_str("SITE_URL", DEVELOPMENT_SITE_URL)

# The language follows the profile, then the language switcher's cookie, then the
# browser's Accept-Language (lib.language.LocaleMiddleware). Catalogues live in
# locale/ and are compiled by bin/run, bin/test and the test suite (README).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["lib.formats"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# Static files: served by whitenoise from the process itself; no CDN anywhere.
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

# HTTPS. Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=true; to serve plain
# HTTP (a LAN at a venue) set SECURE_SSL_REDIRECT=false and SECURE_COOKIES=false.
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# lib.security: everything from this site only, no inline script (empty: no header).
CONTENT_SECURITY_POLICY = env_str(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'",
)

# API
# The API's rate limits (lib.throttles): requests per second, minute, hour or day.
API_THROTTLE_RATES = {
    "anon": env_rate("API_RATE_ANON", "300/min"),
    "user": env_rate("API_RATE_USER", "1200/min"),
    "writes": env_rate("API_RATE_WRITES", "120/min"),
    "bot_registration": env_rate("API_RATE_BOT_REGISTRATION", "20/hour"),
    "batch_scheduling": env_rate("API_RATE_BATCH_SCHEDULING", "60/hour"),
    # The sign-up page's accounts made per address (accounts.views.signup).
    "signup": env_rate("SIGNUP_RATE", "10/hour"),
}
# accounts.newcomers: for this many days after signing up, an account's limits count
# per address too, and it schedules bot batches only with a confirmed e-mail, whose
# link (accounts.confirmation) works this many days.
NEW_ACCOUNT_DAYS = env_int("NEW_ACCOUNT_DAYS", 7)
EMAIL_CONFIRMATION_DAYS = env_int("EMAIL_CONFIRMATION_DAYS", 3)
REST_FRAMEWORK = {
    "DEFAULT_THROTTLE_CLASSES": ["lib.throttles.LimitsThrottle"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.tokens.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "lib.api_errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "lib.api_parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "lib.api_parsers.TextOnlyMultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Leaguewright API",
    "DESCRIPTION": "Leagues, events, pairings, results, standings, games and bots.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "lib.api_schema.add_error_answers",
    ],
    "ENUM_NAME_OVERRIDES": {
        "SubmissionKindEnum": "scoring.models.Submission.Kind",
        "BotKindEnum": "bots.models.Bot.Kind",
        "GameEnum": "games.models.GameKey",
        "PlayedGameStatusEnum": "play.models.Game.Status",
        "PaceEnum": "play.models.Pace",
        "ChallengeStatusEnum": "play.models.Challenge.Status",
        "ChallengeKindEnum": "play.models.Challenge.Kind",
        "EntrantStatusEnum": "tournaments.models.Entrant.Status",
        "EventStatusEnum": "tournaments.models.Event.Status",
        "DeclarationKindEnum": "declarations.models.DeclarationRule.Kind",
    },
}

# Celery: the filesystem broker needs no server; production points at Redis or RabbitMQ.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://localhost//")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
        "polling_interval": 0.1,
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # A task a worker took and did not acknowledge (it runs, or waits for its countdown)
    # goes back to the queue this long after, should the worker die (a host that went
    # away): 15 minutes rather than kombu's hour, so that a dead host's standings run is
    # redone within them. It must stay above the longest countdown (a hook's last retry,
    # 480 s by default; integrations.checks warns), else a waiting task is run twice. The
    # workers look for such tasks every 10 s at most (kombu's default: every 100 s).
    _visibility = env_int("CELERY_VISIBILITY_SECONDS", 900)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": _visibility,
        "unacked_restore_interval": max(1, min(10, _visibility // 3)),
        "unacked_restore_throttle": 1,
    }
CELERY_RESULT_BACKEND = "django-db"
CELERY_RESULT_EXTENDED = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ROUTES = {
    "standings.tasks.update_standings": {"queue": "standings"},
    "standings.tasks.update_ratings": {"queue": "standings"},
    # A series' leaderboard follows its events' standings, in the same worker.
    "series.tasks.update_series": {"queue": "standings"},
    "bots.tasks.*": {"queue": "bots"},
    "play.tasks.play_bot_turns": {"queue": "bots"},
    "play.tasks.end_remote_bots": {"queue": "bots"},
    "play.tasks.end_abandoned": {"queue": "bots"},
}
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE

# The client's address (lib.client_address): read from this header only, the one the
# trusted proxy in front of the site sets (e.g. X-Forwarded-For, X-Real-IP); empty: the
# connection's address (no proxy).
CLIENT_ADDRESS_HEADER = env_str("CLIENT_ADDRESS_HEADER")

# Counters every process shares (lib.throttles, lib.waits): Redis when the broker is
# Redis; else this process's memory (bin/run serves from one process).
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    _limits_cache = {
        "BACKEND": "lib.limits_cache.LimitsCache",
        "LOCATION": CELERY_BROKER_URL,
    }
else:
    _limits_cache = {"BACKEND": "lib.limits_cache.LocalLimitsCache"}
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "limits": {**_limits_cache, "KEY_PREFIX": f"leaguewright:{DATABASES['default']['NAME']}"},
    "sessions": {
        **_limits_cache,
        "KEY_PREFIX": f"leaguewright-sessions:{DATABASES['default']['NAME']}",
    },
}
# Sessions are kept in the database and read through the cache every process shares
# (Redis beside PostgreSQL; the one process's memory for bin/run): a signed-in reader's
# request then costs no SQL query for the session (1,000 players opening the event page
# at once). Logging out deletes both, in every process at once, since the cache is shared.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "sessions"

# Long-polls (lib.waits: live play, an event's live pages): waits held at once per
# person (account, or address when not logged in) and per threaded server process (keep
# it below the process's threads: the others serve pages); a wait not held is answered
# at once, and told to ask again after PLAY_POLL_AFTER_SECONDS.
PLAY_WAITS_PER_PERSON = env_int("PLAY_WAITS_PER_PERSON", 4)
PLAY_WAITS_PER_PROCESS = env_int("PLAY_WAITS_PER_PROCESS", 64)
PLAY_POLL_AFTER_SECONDS = env_int("PLAY_POLL_AFTER_SECONDS", 5)

# Push streams (lib.push: server-sent events to open pages): per person in the whole
# site and per ASGI process; how long one lasts before the browser reconnects, and how
# often an idle one says it is still there.
PUSH_STREAMS_PER_PERSON = env_int("PUSH_STREAMS_PER_PERSON", 8)
PUSH_STREAMS_PER_PROCESS = env_int("PUSH_STREAMS_PER_PROCESS", 5000)
PUSH_STREAM_SECONDS = env_int("PUSH_STREAM_SECONDS", 300)
PUSH_HEARTBEAT_SECONDS = env_int("PUSH_HEARTBEAT_SECONDS", 15)

# Bot work (bots.quotas): the seconds of a worker's time a person's batches may have
# queued at once (each decision costed by its bot and settings), and the largest batch
# whose matches are written in the request (larger ones by a task).
BOTS_WORK_BUDGET_SECONDS = env_int("BOTS_WORK_BUDGET_SECONDS", 14_400)
BOTS_FAN_OUT_IN_REQUEST = env_int("BOTS_FAN_OUT_IN_REQUEST", 500)
# The bots one author may have (built-in, remote and uploaded alike; staff too).
BOTS_PER_AUTHOR = env_int("BOTS_PER_AUTHOR", 20)

# scoring.idempotency: how long an Idempotency-Key's answer is kept for retries.
IDEMPOTENCY_KEY_HOURS = env_int("IDEMPOTENCY_KEY_HOURS", 24)

# scoring.slips: how long a printed slip's link enters results (it stops sooner when the
# table's result is official or the event is finished).
SLIP_LINK_HOURS = env_int("SLIP_LINK_HOURS", 48)

# Demo data, loaded in this order by ``manage.py load_demo`` (each app adds its own).
DEMO_LOADERS = [
    "tournaments.demo.load_demo",
    "scoring.demo.load_demo",
    "bots.demo.load_demo",
    "play.demo.load_demo",
    "series.demo.load_demo",
    "declarations.demo.load_demo",
]

# Game records: the largest document the validator will read.
VALIDATOR_MAX_BYTES = env_int("VALIDATOR_MAX_BYTES", 5_000_000)
# Pasted records arrive as form fields: let one as large as the validator reads through.
DATA_UPLOAD_MAX_MEMORY_SIZE = VALIDATOR_MAX_BYTES + 100_000
# The largest body any page or API takes (a league's file, 20 MB, and its form): a
# request that says or turns out to be larger is answered 413 before its body is read
# (config.errors.RequestSizeMiddleware; on the ASGI server, config.asgi). Django's own
# limit above leaves files aside: they went to a temporary file, whatever their size,
# before a form could refuse them.
MAX_REQUEST_BYTES = env_int("MAX_REQUEST_BYTES", 21 * 1024 * 1024)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # httpx logs every request at INFO: a remote bot's every move, a webhook's every try.
    "loggers": {"httpx": {"level": "WARNING"}},
}

# Friendly games on the site (play/): the open challenges and open tables a person may
# have at once, so that nobody floods the lobby, and the vacation days a year during
# which the clock of their correspondence games stands still.
PLAY_MAX_OPEN_CHALLENGES = env_int("PLAY_MAX_OPEN_CHALLENGES", 5)
PLAY_VACATION_DAYS_A_YEAR = env_int("PLAY_VACATION_DAYS_A_YEAR", 30)
