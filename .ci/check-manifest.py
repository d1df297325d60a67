#!/usr/bin/env python3
"""Honest package manifest: every module a target imports is declared among
that target's dependencies in Package.swift (system modules excepted). Exits 1
naming each target and the undeclared modules."""
import sys
import re,os,glob,subprocess,json
ROOT=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# parse Package.swift via swift package dump-package
pkg=json.loads(subprocess.check_output(['swift','package','dump-package'],cwd=ROOT,stderr=subprocess.DEVNULL))
deps={}
paths={}
for t in pkg['targets']:
    names=set()
    for d in t['dependencies']:
        if 'byName' in d: names.add(d['byName'][0])
        elif 'product' in d: names.add(d['product'][0])
        elif 'target' in d: names.add(d['target'][0])
    deps[t['name']]=names
    base='Tests' if t['type']=='test' else 'Sources'
    paths[t['name']]=t.get('path') or f"{base}/{t['name']}"
system={'FoundationXML','FoundationNetworking','Foundation','Dispatch','Glibc','Darwin','Testing','XCTest','FoundationEssentials','Synchronization','_Concurrency','os','Musl'}
failed=False
for name,path in paths.items():
    imports=set()
    for f in glob.glob(f'{ROOT}/{path}/**/*.swift',recursive=True):
        for m in re.findall(r'^(?:@\w+\s+)*(?:@testable\s+)?import\s+(?:struct\s+|class\s+|enum\s+)?(\w+)',open(f).read(),re.M):
            imports.add(m)
    missing=sorted(i for i in imports-system-deps[name]-{name} )
    if missing:
        print(f'{name} imports modules it does not declare in Package.swift: {missing}')
        failed=True
sys.exit(1 if failed else 0)
