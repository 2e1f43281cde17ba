# Types a command line and Tab into a real interactive shell on a pseudo-terminal (zsh/zpty),
# then prints the line as the shell left it, between markers: what Tab really inserted, after the
# shell's own quoting.   zsh -f pty-insert.zsh <zsh|fish> <setup file> <command line>
# The setup file (written by the test) loads the completion script and binds Ctrl-X to print
# the edit buffer as  <<<BUFFER>>>…<<<END>>> .
zmodload zsh/zpty || exit 3
local shell=$1 setup=$2 line=$3
case $shell in
  zsh) zpty z zsh -f -i ;;
  fish) zpty z fish --no-config -i ;;
  *) exit 3 ;;
esac
zpty -w z "source $setup"
zpty -w z "echo '<<<READY''>>>'"
local out text
repeat 100; do
  zpty -r -t z text 2>/dev/null || { sleep 0.1; continue }
  out+=$text
  [[ $out == *'<<<READY>>>'* ]] && break
done
[[ $out == *'<<<READY>>>'* ]] || { zpty -d z; exit 4 }
# The shell reads the keys in order: Tab completes (synchronously), then Ctrl-X prints the line.
zpty -w -n z "$line"$'\t\x18'
out=
integer tries=0
while (( tries++ < 200 )); do
  if zpty -r -t z text 2>/dev/null; then out+=$text; else sleep 0.1; fi
  if [[ $out == *'<<<BUFFER>>>'*'<<<END>>>'* ]]; then
    out=${out#*'<<<BUFFER>>>'}
    print -r -- "${out%%'<<<END>>>'*}"
    zpty -d z
    exit 0
  fi
done
zpty -d z
exit 2
