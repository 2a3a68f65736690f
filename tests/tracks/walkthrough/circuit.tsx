<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="circuit" tilewidth="32" tileheight="32" tilecount="16" columns="4">
 <image source="circuit-tiles.png" width="128" height="128"/>
 <tile id="0" type="grass"/>
 <tile id="1" type="grass_dark"/>
 <tile id="2" type="gravel"/>
 <tile id="3" type="asphalt"/>
 <tile id="4" type="runoff"/>
 <tile id="5" type="paved"/>
 <tile id="6" type="wall"/>
 <tile id="7" type="kerb"/>
 <tile id="8" type="tyres"/>
 <tile id="9" type="water"/>
 <tile id="10" type="trees"/>
 <tile id="11" type="stand"/>
 <tile id="12" type="building"/>
 <tile id="13" type="garage"/>
 <tile id="14" type="line"/>
 <tile id="15" type="sand"/>
</tileset>
