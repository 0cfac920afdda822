"""What the operating system says when it refuses a file, in the reader's language.

``OSError.strerror`` is the C library's English ("Too many levels of symbolic links"), whatever
language the player chose; :func:`reason` gives the usual refusals in the catalogue's words and
falls back on the system's own for the rare rest.
"""
from __future__ import annotations

import errno
import os

from tabletop.framework.language import N_, gettext

_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EISDIR: N_("this is a folder"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EEXIST: N_("something of this name is already there"),
    errno.ELOOP: N_("a symbolic link on the way loops back on itself"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EMFILE: N_("too many files are open"),
    errno.EIO: N_("the disk could not be read or written (input/output error)"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("the address is not one of this machine's"),
}


def reason(e: OSError) -> str:
    """Why the system refused, as the reader reads it (the system's words for an unusual refusal).
    An error whose words are not the system's for its number is one of ours (``the folder X does
    not exist``, already in the reader's language): its words are kept."""
    if e.errno is None or (e.strerror and e.strerror != os.strerror(e.errno)):
        return e.strerror or str(e)
    known = _REASONS.get(e.errno)
    return gettext(known) if known is not None else (e.strerror or str(e))
