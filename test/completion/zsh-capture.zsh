# Runs real zsh completion non-interactively and prints what Tab offers, one candidate a line:
# "value" or "value -- description".   zsh -f zsh-capture.zsh <fpath dir> <command line>
# An interactive zsh is driven through a pseudo-terminal (zsh/zpty): compinit, the completion
# function under test and zsh's own _describe/_files all run for real. Only `compadd` is wrapped,
# to record the matches it accepts instead of drawing a menu. (The technique of Valodim's
# zsh-capture-completion, written afresh for this test.)
zmodload zsh/zpty || exit 3
local dir=$1 line=$2

zpty z zsh -f -i
local setup=${TMPDIR:-/tmp}/masg-zsh-capture-$$.zsh
cat >$setup <<SETUP
PROMPT=
# Wide enough that _describe never shortens a description to fit.
stty columns 1000 2>/dev/null; COLUMNS=1000
fpath=($dir \$fpath)
autoload -Uz compinit && compinit -u -D
bindkey '^I' complete-word
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
# Markers around the answer, so the reader knows what is completion output.
masg_mark() { print -r -- '<<<MARK>>>' }
compprefuncs=(masg_mark)
comppostfuncs=(masg_mark exit)
compadd() {
  # Calls that only compute matches (-O/-A/-D) are _describe's internals: pass them on.
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "\$@"; return; fi
  local -a hits dscr
  local i
  if (( \$@[(I)-d] )); then
    local d=\${@[\$((\${@[(i)-d]} + 1))]}
    if [[ \$d == \\(* ]]; then eval "dscr=\$d"; else dscr=("\${(@P)d}"); fi
  fi
  builtin compadd -A hits -D dscr "\$@"
  for (( i = 1; i <= \$#hits; i++ )); do
    if [[ -n \${dscr[i]} && \${dscr[i]} == *' -- '* ]]; then print -r -- "\$hits[i] -- \${dscr[i]#* -- }"
    else print -r -- "\$hits[i]"; fi
  done
  builtin compadd "\$@"
}
print -r -- '<<<READY>>>'
SETUP
zpty -w z "source $setup"
local out
repeat 20; do
  zpty -r -t z out 2>/dev/null || { sleep 0.1; continue }
  [[ $out == *'<<<READY>>>'* ]] && break
done
rm -f $setup
zpty -w -n z "$line"$'\t'

integer marks=0
local text
while zpty -r z text; do
  for out in "${(@f)text}"; do
    out=${out%$'\r'}
    if [[ $out == *'<<<MARK>>>'* ]]; then
      (( ++marks >= 2 )) && { zpty -d z; exit 0 }
      continue
    fi
    (( marks == 1 )) && [[ -n $out ]] && print -r -- "$out"
  done
done
zpty -d z
exit 2
