"""English dates as the site wrote them before it spoke other languages: 24-hour clock,
year first (Django's own English formats are American). German and Russian use Django's."""

TIME_FORMAT = "H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
