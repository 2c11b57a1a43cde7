"""The commonest passwords of eight characters or more (lower-cased), refused by ``validate.password``.

A small list, shipped with the package, of what leaked-password collections put first; together with the
other checks there (too short, digits only, one repeated character, the user's own name) it turns away the
first guesses of anyone trying passwords against a server.
"""

from __future__ import annotations

_LIST = """
    password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa$$word
    qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwe12345 qwe123456 qwer1234 qwert123
    asdfghjk asdfghjkl asdf1234 asd12345 asd123456 zxcvbnm1 zxcvbnm123 zxcv1234 zxc12345 zxc123456
    1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 1qaz2wsx 1qaz2wsx3edc qazwsxedc zaq12wsx zaq1zaq1
    abc12345 abc123456 abcd1234 abcde123 abcdefgh abcdefg1 abcdefghi a1234567 a12345678 a123456789
    aa123456 aa12345678 aaa12345 qq123456 iloveyou iloveyou1 iloveyou2 loveyou1 lovely12 lovely123
    sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball soccer12
    hockey12 welcome1 welcome12 welcome123 trustno1 letmein1 letmein12 letmein123 changeme changeme1
    default1 admin123 admin1234 administrator root1234 secret12 secret123 superman superman1 batman12
    batman123 starwars starwars1 dragon12 dragon123 monkey12 monkey123 master12 master123 whatever
    whatever1 freedom1 computer computer1 internet michelle jennifer corvette mercedes liverpool
    chelsea1 arsenal1 jordan23 michael1 charlie1 shadow12 killer12 hello123 hello1234 helloworld
    goodluck1 1234abcd 12345abc 123456abc 123456789a 12345678a 12345qwe 123qweasd 123qweasdzxc
    woaini1314 woaini520 wodemima woainima iloveyou520 5201314a sarang12 saranghae saranghae1
    xuanheng xuanheng1 xuanheng123 journal1 divination
    summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 spring2026
    autumn2025 autumn2026
"""
COMMON: frozenset[str] = frozenset(_LIST.split())

__all__ = ["COMMON"]
